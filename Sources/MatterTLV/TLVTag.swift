/// The tag of a Matter TLV element.
///
/// Matter Core Specification, Appendix A.7 "Tags"; the tag control values are those of A.7.1
/// (CHIP `src/lib/core/TLVTags.h`).
public enum TLVTag: Hashable, Sendable {
    case anonymous
    /// A context-specific tag: meaningful only inside its enclosing structure.
    case context(UInt8)
    /// A tag in the Matter common profile, encoded in 2 or 4 bytes.
    case commonProfile(UInt32)
    /// A tag in the profile the reader knows implicitly, encoded in 2 or 4 bytes.
    case implicitProfile(UInt32)
    /// A fully qualified tag: vendor, profile number and tag number.
    case fullyQualified(vendorID: UInt16, profile: UInt16, tag: UInt32)
}

/// The upper three bits of a TLV control byte (Appendix A.7.1).
enum TLVTagControl: UInt8 {
    case anonymous = 0
    case context = 1
    case commonProfile2 = 2
    case commonProfile4 = 3
    case implicitProfile2 = 4
    case implicitProfile4 = 5
    case fullyQualified6 = 6
    case fullyQualified8 = 7

    /// How many bytes follow the control byte to carry the tag.
    var tagLength: Int {
        switch self {
        case .anonymous: 0
        case .context: 1
        case .commonProfile2, .implicitProfile2: 2
        case .commonProfile4, .implicitProfile4: 4
        case .fullyQualified6: 6
        case .fullyQualified8: 8
        }
    }
}
