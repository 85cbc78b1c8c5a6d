internal import CSQLite

extension SQLiteDatabase {
    /// Frames the write-ahead log is made long enough for beyond `PRAGMA wal_autocheckpoint`: a commit that
    /// crosses that mark (and so checkpoints) still writes into space that exists.
    static let preallocatedSpareFrames = 64

    /// Extends the write-ahead log with zeros to the length it reaches before SQLite's automatic checkpoint
    /// (`wal_autocheckpoint` frames, and `preallocatedSpareFrames`), and syncs it. Returns the bytes added (0 when
    /// the log is already that long, or not open). When a write fails (a full disk), the log is cut back to the
    /// length it had, and the error thrown.
    ///
    /// Why: a commit under `synchronous=FULL` syncs the log. While the log grows, that sync must also commit the
    /// file's new length to the file system's journal; writing inside the length the file already has, only the
    /// data, so a commit that overwrites costs less than one that appends. SQLite itself rewinds the log after a full
    /// checkpoint and keeps its length (sqlite.org/fileformat2.html, "WAL Reset"), so from the first checkpoint on its
    /// commits overwrite anyway; this makes the first thousand commits after a new log do the same.
    ///
    /// Why it is safe: only bytes past the log's current end are written, and a frame counts only when its salts
    /// match the header's and its checksum follows the frames before it (the same page, "WAL File Format"): a
    /// zero frame never does, and a log of zeros has no valid header, so it holds no frames. Call it between
    /// transactions, as the owner of the connection; the log is written through SQLite's own file handle
    /// (`SQLITE_FCNTL_JOURNAL_POINTER`).
    @discardableResult
    public func preallocateWriteAheadLog() throws(SQLiteError) -> Int {
        // A read opens the log if the connection has not yet (SQLite opens it lazily with the first transaction).
        try execute("PRAGMA schema_version")
        let pageSize = try query("PRAGMA page_size").first?.first?.int64Value ?? 0
        let checkpointFrames = try query("PRAGMA wal_autocheckpoint").first?.first?.int64Value ?? 0
        guard pageSize > 0, checkpointFrames > 0 else { return 0 }
        // The log's header is 32 bytes; each frame a 24-byte header and a page (fileformat2.html, "WAL File Format").
        let target = 32 + (checkpointFrames + Int64(Self.preallocatedSpareFrames)) * (pageSize + 24)

        var pointer: UnsafeMutableRawPointer?
        let found = withUnsafeMutablePointer(to: &pointer) { out in
            sqlite3_file_control(handle, "main", SQLITE_FCNTL_JOURNAL_POINTER, out)
        }
        guard found == SQLITE_OK, let file = pointer?.assumingMemoryBound(to: sqlite3_file.self),
            let methods = file.pointee.pMethods?.pointee, let fileSize = methods.xFileSize,
            let write = methods.xWrite, let sync = methods.xSync
        else { return 0 }

        var size: sqlite3_int64 = 0
        try check(fileSize(file, &size), "cannot read the write-ahead log's size")
        guard size < target else { return 0 }
        let chunk = [UInt8](repeating: 0, count: 65536)
        var offset = size
        do throws(SQLiteError) {
            while offset < target {
                let count = Int32(min(Int64(chunk.count), target - offset))
                try check(
                    chunk.withUnsafeBytes { write(file, $0.baseAddress, count, offset) },
                    "cannot extend the write-ahead log")
                offset += Int64(count)
            }
            try check(sync(file, SQLITE_SYNC_NORMAL), "cannot sync the write-ahead log")
        } catch {
            // A full disk, say: the zeros written so far give the space back, and the log grows as it did.
            _ = methods.xTruncate?(file, size)
            throw error
        }
        return Int(target - size)
    }

    private func check(_ resultCode: Int32, _ failure: String) throws(SQLiteError) {
        guard resultCode == SQLITE_OK else {
            throw SQLiteError(code: resultCode & 0xFF, extendedCode: resultCode, message: failure)
        }
    }
}
