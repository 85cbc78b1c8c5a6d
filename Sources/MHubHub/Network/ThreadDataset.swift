import MHubJSON

/// A Thread Operational Dataset: the MeshCoP TLVs a Thread device needs to join a network, as Network
/// Commissioning's AddOrUpdateThreadNetwork carries them (Matter Core Specification 11.9.7.4: at most 254 octets)
/// and as OHF clients send them to `set_thread_dataset` (hex).
///
/// The TLV types and sizes are the Thread specification's MeshCoP TLVs (Thread 1.3.0, 8.10.1; OpenThread
/// `meshcop_tlvs.hpp`); a dataset is accepted as an Active Operational Dataset when it holds the TLVs a device needs to
/// attach: Active Timestamp, Channel, PAN ID, Extended PAN ID, Network Name, Network Key and Mesh-Local Prefix.
public struct ThreadDataset: Hashable, Sendable {
    /// The dataset's bytes, as sent.
    public let bytes: [UInt8]
    /// The network's name (1–16 bytes of UTF-8).
    public let networkName: String
    /// The 8-byte Extended PAN ID.
    public let extendedPANID: [UInt8]
    /// The 16-bit PAN ID.
    public let panID: UInt16
    /// The channel (page 0).
    public let channel: UInt16
    /// The Active Timestamp's seconds.
    public let activeTimestampSeconds: UInt64
    /// The 8-byte Mesh-Local Prefix.
    public let meshLocalPrefix: [UInt8]

    /// The largest dataset a device takes.
    public static let maximumBytes = 254

    /// MeshCoP TLV types this decoder knows, with their fixed value lengths (nil: any length up to its limit).
    enum TLVType: UInt8 {
        case channel = 0
        case panID = 1
        case extendedPANID = 2
        case networkName = 3
        case pskc = 4
        case networkKey = 5
        case networkKeySequence = 6
        case meshLocalPrefix = 7
        case securityPolicy = 12
        case activeTimestamp = 14
        case pendingTimestamp = 51
        case delayTimer = 52
        case channelMask = 53

        var name: String {
            switch self {
            case .channel: "Channel"
            case .panID: "PAN ID"
            case .extendedPANID: "Extended PAN ID"
            case .networkName: "Network Name"
            case .pskc: "PSKc"
            case .networkKey: "Network Key"
            case .networkKeySequence: "Key Sequence Counter"
            case .meshLocalPrefix: "Mesh-Local Prefix"
            case .securityPolicy: "Security Policy"
            case .activeTimestamp: "Active Timestamp"
            case .pendingTimestamp: "Pending Timestamp"
            case .delayTimer: "Delay Timer"
            case .channelMask: "Channel Mask"
            }
        }

        /// The lengths its value may have.
        var lengths: ClosedRange<Int> {
            switch self {
            case .channel: 3...3
            case .panID: 2...2
            case .extendedPANID: 8...8
            case .networkName: 1...16
            case .pskc: 16...16
            case .networkKey: 16...16
            case .networkKeySequence: 4...4
            case .meshLocalPrefix: 8...8
            case .securityPolicy: 3...4
            case .activeTimestamp, .pendingTimestamp: 8...8
            case .delayTimer: 4...4
            case .channelMask: 0...254
            }
        }
    }

    static let required: [TLVType] = [
        .activeTimestamp, .channel, .panID, .extendedPANID, .networkName, .networkKey, .meshLocalPrefix,
    ]

    /// The dataset `hex` spells, or why it is not one.
    public static func parse(hex: String) -> Result<ThreadDataset, ThreadDatasetError> {
        guard !hex.isEmpty else { return .failure(ThreadDatasetError("the dataset is empty")) }
        switch HexText.decode(hex) {
        case .success(let bytes): return parse(bytes: bytes)
        case .failure(.oddLength(let digits)):
            return .failure(ThreadDatasetError("the dataset must be whole bytes of hexadecimal, not \(digits) digits"))
        case .failure(.notHex(let character)):
            return .failure(ThreadDatasetError("the dataset is not hexadecimal at character \(character)"))
        }
    }

    /// The dataset in `bytes`, or why it is not one.
    public static func parse(bytes: [UInt8]) -> Result<ThreadDataset, ThreadDatasetError> {
        guard bytes.count <= maximumBytes else {
            return .failure(ThreadDatasetError("the dataset is \(bytes.count) bytes; at most \(maximumBytes)"))
        }
        var values: [TLVType: ArraySlice<UInt8>] = [:]
        var seen: Set<UInt8> = []
        var offset = 0
        while offset < bytes.count {
            guard offset + 2 <= bytes.count else {
                return .failure(ThreadDatasetError("TLV at byte \(offset) is cut short: no length"))
            }
            let type = bytes[offset]
            let length = Int(bytes[offset + 1])
            let start = offset + 2
            guard start + length <= bytes.count else {
                return .failure(
                    ThreadDatasetError(
                        "TLV type \(type) at byte \(offset) says \(length) bytes; only \(bytes.count - start) follow"))
            }
            guard seen.insert(type).inserted else {
                return .failure(ThreadDatasetError("TLV type \(type) appears twice"))
            }
            if let known = TLVType(rawValue: type) {
                guard known.lengths.contains(length) else {
                    let expected =
                        known.lengths.count == 1
                        ? "\(known.lengths.lowerBound)" : "\(known.lengths.lowerBound) to \(known.lengths.upperBound)"
                    return .failure(ThreadDatasetError("\(known.name) must be \(expected) bytes, not \(length)"))
                }
                values[known] = bytes[start..<(start + length)]
            }
            offset = start + length
        }
        for type in required where values[type] == nil {
            return .failure(ThreadDatasetError("the dataset has no \(type.name) TLV (type \(type.rawValue))"))
        }
        guard let name = String(validating: values[.networkName]!, as: UTF8.self) else {
            return .failure(ThreadDatasetError("Network Name is not UTF-8"))
        }
        let channel = values[.channel]!
        guard channel.first == 0 else {
            return .failure(ThreadDatasetError("Channel page must be 0 (2.4 GHz), not \(channel.first!)"))
        }
        let channelNumber = UInt16(channel[channel.startIndex + 1]) << 8 | UInt16(channel[channel.startIndex + 2])
        guard (11...26).contains(channelNumber) else {
            return .failure(ThreadDatasetError("Channel must be 11 to 26, not \(channelNumber)"))
        }
        let pan = values[.panID]!
        let timestamp = values[.activeTimestamp]!.prefix(6).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return .success(
            ThreadDataset(
                bytes: bytes, networkName: name, extendedPANID: Array(values[.extendedPANID]!),
                panID: UInt16(pan[pan.startIndex]) << 8 | UInt16(pan[pan.startIndex + 1]), channel: channelNumber,
                activeTimestampSeconds: timestamp, meshLocalPrefix: Array(values[.meshLocalPrefix]!)))
    }

    /// The dataset as lower-case hexadecimal, as OHF clients send it.
    public var hex: String {
        HexText.encode(bytes, uppercase: false)
    }
}

public struct ThreadDatasetError: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
