import MHubJSON
import MatterDataModel

/// One firmware update a device is installing (`update_node`), as the OTA Software Update Requestor cluster shows it
/// (Matter Core Specification 11.20.7: Querying → Downloading with its progress → Applying → Idle, then the new
/// SoftwareVersion after the reboot).
///
/// A value: `step(now:)` says what happens next and when; the hub applies it to the node (`Hub+FirmwareUpdates`).
public struct FirmwareUpdateRun: Hashable, Sendable {
    public enum Stage: String, CaseIterable, Hashable, Sendable {
        case querying
        case downloading
        case applying

        var updateState: ClusterDefinition.OTAUpdateState {
            switch self {
            case .querying: .querying
            case .downloading: .downloading
            case .applying: .applying
            }
        }
    }

    public var nodeID: NodeID
    /// Who asked, for the reply once the update is done or failed.
    public var connectionID: UInt64
    public var messageID: JSONValue
    public var offer: FirmwareOffer
    public var stage: Stage
    /// The download's progress in percent, while downloading.
    public var progress: Int
    /// When the next step is due.
    public var nextAt: Timestamp
    /// When the download started, and how long it takes.
    public var downloadStartedAt: Timestamp = 0
    public var downloadDuration: Int64 = 0
    /// The stage the `update_failure` fault makes it fail at, chosen when it starts.
    public var failsAt: Stage?

    /// How long a device queries its provider before it downloads, and how long it takes to apply and reboot.
    public static let queryingTime: Int64 = 500
    public static let applyingTime: Int64 = 1000
    /// The simulated download speed: 1 MiB a second, at least 200 ms and at most 10 minutes.
    public static func downloadTime(bytes: Int) -> Int64 {
        min(600_000, max(200, Int64(bytes) * 1000 / Int64(1 << 20)))
    }
    /// Progress is reported each tenth of the download.
    static let progressStep = 10

    /// What happens at a step.
    public enum Step: Hashable, Sendable {
        /// The stage changed (a StateTransition), with the progress to show (null outside the download).
        case entered(Stage, progress: Int?)
        /// The download moved on.
        case progressed(Int)
        /// The update failed in `stage` after `progress` percent of the download.
        case failed(Stage, progress: Int?)
        /// Applied: the device reboots into the new version.
        case installed
    }

    public init(
        nodeID: NodeID, connectionID: UInt64, messageID: JSONValue, offer: FirmwareOffer, now: Timestamp,
        failsAt: Stage?
    ) {
        self.nodeID = nodeID
        self.connectionID = connectionID
        self.messageID = messageID
        self.offer = offer
        self.stage = .querying
        self.progress = 0
        self.nextAt = now + Self.queryingTime
        self.failsAt = failsAt
    }

    /// The step due now, and the run after it (`nil` when the update is over).
    public func step(now: Timestamp) -> (Step, FirmwareUpdateRun?) {
        var next = self
        switch stage {
        case .querying:
            if failsAt == .querying { return (.failed(.querying, progress: nil), nil) }
            next.stage = .downloading
            next.progress = 0
            next.downloadStartedAt = now
            next.downloadDuration = Self.downloadTime(bytes: offer.sizeBytes)
            next.nextAt = now + next.downloadDuration / Int64(100 / Self.progressStep)
            return (.entered(.downloading, progress: 0), next)
        case .downloading:
            let progress = min(100, progress + Self.progressStep)
            if failsAt == .downloading && progress > 50 { return (.failed(.downloading, progress: self.progress), nil) }
            next.progress = progress
            if progress < 100 {
                next.nextAt = downloadStartedAt + downloadDuration * Int64(progress + Self.progressStep) / 100
                return (.progressed(progress), next)
            }
            next.stage = .applying
            next.nextAt = now + Self.applyingTime
            return (.entered(.applying, progress: nil), next)
        case .applying:
            if failsAt == .applying { return (.failed(.applying, progress: nil), nil) }
            return (.installed, nil)
        }
    }
}
