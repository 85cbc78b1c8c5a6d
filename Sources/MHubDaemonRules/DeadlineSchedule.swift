/// When a one-shot timer is armed, and whether a new deadline moves it.
///
/// A deadline earlier than the armed one (or any, when none is) re-arms the timer; a later one, or the same, leaves
/// it: the timer then goes off early, once, and its owner arms it for what is next by then. Setting a Dispatch timer
/// wakes Dispatch's manager thread, and later deadlines come often (every message moves an exchange's idle deadline
/// on): one early wake-up costs less than re-arming for each.
package struct DeadlineSchedule: Equatable {
    /// The deadline the timer is armed for; nil before the first and once it went off.
    private(set) var armedFor: Int64?

    package init() {}

    /// Whether the timer must be set for `deadline` (then it is armed for it).
    package mutating func needsArming(for deadline: Int64) -> Bool {
        if let armedFor, armedFor <= deadline { return false }
        armedFor = deadline
        return true
    }

    /// The timer went off: the next deadline arms it whatever it is.
    package mutating func wentOff() {
        armedFor = nil
    }
}
