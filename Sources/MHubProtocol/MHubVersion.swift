/// The version of mhub's programs and protocol.
public enum MHubVersion {
    public static let string = "0.1.0"
}
