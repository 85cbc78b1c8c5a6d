/// Times in Matter certificates: whole seconds since the Matter epoch, 2000-01-01T00:00:00Z (Matter Core
/// §3.5.6.2 "Epoch Time in Seconds"), with 0 standing for X.509's "no well-defined expiration".
public enum MatterEpoch {
    /// Seconds from the Unix epoch to the Matter epoch (CHIP `kChipEpochSecondsSinceUnixEpoch`).
    public static let unixOffset: Int64 = 946_684_800

    /// The X.509 time of a certificate time (CHIP `ChipEpochToASN1Time`): 0 becomes 99991231235959Z, as it does
    /// in CHIP for not-before too.
    public static func x509Time(_ seconds: UInt32) -> UTCDateTime {
        guard seconds != 0 else { return .noWellDefinedExpiration }
        return UTCDateTime(secondsSinceUnixEpoch: Int64(seconds) + unixOffset)
    }

    /// The certificate time of an X.509 time (CHIP `ASN1ToChipEpochTime`): 99991231235959Z becomes 0; other
    /// times must lie in the years 2000–2135 (CHIP `CalendarToChipEpochTime`).
    public static func seconds(_ time: UTCDateTime) -> UInt32? {
        if time == .noWellDefinedExpiration { return 0 }
        guard (2000...2135).contains(time.year) else { return nil }
        return UInt32(exactly: time.secondsSinceUnixEpoch - unixOffset)
    }

    /// Whether a certificate time has an X.509 form that converts back to it: 0, or a time in 2000–2135 (the
    /// largest 32-bit times fall in 2136, which CHIP's calendar conversion does not take).
    public static func isRepresentable(_ seconds: UInt32) -> Bool {
        Self.seconds(x509Time(seconds)) == seconds
    }

    /// The certificate time of a Unix time, if it lies between the epoch and 2136.
    public static func seconds(sinceUnixEpoch unixSeconds: Int64) -> UInt32? {
        UInt32(exactly: unixSeconds - unixOffset)
    }
}
