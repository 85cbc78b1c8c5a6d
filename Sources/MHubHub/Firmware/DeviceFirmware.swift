import MHubCore

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
