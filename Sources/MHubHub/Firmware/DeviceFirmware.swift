import MHubJSON
import MHubProtocol

/// A simulated device's firmware: what it runs, and the update waiting for it, if any (docs/devices.md, "Firmware
/// updates").
public struct DeviceFirmware: Hashable, Sendable {
    /// Basic Information's SoftwareVersion.
    public var version: UInt32 = 1
    /// Basic Information's SoftwareVersionString.
    public var versionString: String = MHubVersion.string
    /// The update offered to it (`set_firmware_update`), until it is installed or withdrawn.
    public var offer: FirmwareOffer?

    public init() {}
}

/// An update a device can install: what the CSA's DCL would list for it (python-matter-server's
/// `MatterSoftwareVersion`), with the image's size, which sets how long the download takes.
public struct FirmwareOffer: Hashable, Sendable {
    public var version: UInt32
    public var versionString: String
    public var releaseNotesURL: String?
    public var sizeBytes: Int

    /// The size an offer has when it names none: 1 MiB, a second's download.
    public static let defaultSize = 1 << 20

    public init(version: UInt32, versionString: String, releaseNotesURL: String? = nil, sizeBytes: Int = defaultSize) {
        self.version = version
        self.versionString = versionString
        self.releaseNotesURL = releaseNotesURL
        self.sizeBytes = sizeBytes
    }
}

extension DeviceFirmware {
    /// As `get_simulated_devices` shows it.
    var status: FirmwareStatus {
        FirmwareStatus(softwareVersion: version, softwareVersionString: versionString, update: offer?.protocolValue)
    }
}

extension FirmwareOffer {
    /// An offer as the protocol and scenario files give it: `{software_version, software_version_string,
    /// release_notes_url?, size_bytes?}`.
    init(json: JSONValue) throws(HubError) {
        guard case .object = json else {
            throw HubError(
                .invalidArguments, "an update is an object with software_version and software_version_string")
        }
        var args = try Arguments(json)
        let given = try FirmwareUpdateOffer(readingArguments: &args, defaultSize: Int64(Self.defaultSize))
        try args.rejectUnknown(in: "an update")
        let (versionString, releaseNotes, size) = (given.softwareVersionString, given.releaseNotesURL, given.sizeBytes)
        // Basic Information's SoftwareVersionString is 1 to 64 bytes (Matter Core Specification 11.1.5.10).
        guard (1...64).contains(versionString.utf8.count) else {
            throw HubError(.invalidArguments, "software_version_string must be 1 to 64 bytes")
        }
        guard (1...(1 << 32)).contains(size) else {
            throw HubError(.invalidArguments, "size_bytes must be 1 to 4294967296")
        }
        if let releaseNotes, releaseNotes.utf8.count > 256 {
            throw HubError(.invalidArguments, "release_notes_url must be at most 256 bytes")
        }
        self.init(
            version: given.softwareVersion, versionString: versionString, releaseNotesURL: releaseNotes,
            sizeBytes: Int(size))
    }

    var protocolValue: FirmwareUpdateOffer {
        FirmwareUpdateOffer(
            softwareVersion: version, softwareVersionString: versionString, releaseNotesURL: releaseNotesURL,
            sizeBytes: Int64(sizeBytes))
    }
}
