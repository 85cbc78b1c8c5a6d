/// The optional destination in a message header (Matter reference D, message flags DSIZ).
public enum MessageDestination: Hashable, Sendable {
    /// DSIZ 1: an 8-byte node ID. An unsecured responder echoes the initiator's ephemeral node ID here.
    case node(UInt64)
    /// DSIZ 2: a 2-byte group ID, only on group sessions.
    case group(UInt16)
}
