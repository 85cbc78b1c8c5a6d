internal import CLinux

/// The process's heap, for the one call the daemon makes on it.
package enum ProcessMemory {
    /// Gives freed memory in every malloc arena back to the system (`malloc_trim(3)`): after the stored nodes are
    /// parsed at start, the decoding threads' arenas hold the freed parse trees.
    package static func trim() {
        malloc_trim(0)
    }
}
