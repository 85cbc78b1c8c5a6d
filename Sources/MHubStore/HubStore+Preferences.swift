import MHubHub
import MHubJSON

/// The stored forms of what OHF clients set (`HubPreferences`) and of a simulated device's firmware.
extension HubStore {
    /// The preferences row, or none set.
    func loadPreferences() throws -> HubPreferences {
        guard
            let row = try database.query(
                "SELECT fabric_label, wifi_ssid, wifi_credentials, thread_dataset, thread_directory FROM preferences"
            ).first
        else { return HubPreferences() }
        var preferences = HubPreferences(fabricLabel: row[0].stringValue)
        if let ssid = row[1].stringValue {
            preferences.wifi = WiFiCredentials(ssid: ssid, credentials: row[2].stringValue ?? "")
        }
        if case .blob(let bytes) = row[3], case .success(let dataset) = ThreadDataset.parse(bytes: bytes) {
            preferences.threadDataset = dataset
        }
        if case .blob(let bytes) = row[4] { preferences.threadDirectory = Self.decodeDirectory(bytes) }
        return preferences
    }

    /// The home's other Thread networks as stored: each dataset as one length byte and its bytes (a dataset is at most
    /// 254 bytes).
    static func encode(directory: [ThreadDataset]) -> [UInt8] {
        directory.flatMap { [UInt8($0.bytes.count)] + $0.bytes }
    }

    /// The datasets `encode(directory:)` wrote; one that no longer reads as a dataset is left out.
    static func decodeDirectory(_ bytes: [UInt8]) -> [ThreadDataset] {
        var datasets: [ThreadDataset] = []
        var offset = 0
        while offset < bytes.count {
            let end = offset + 1 + Int(bytes[offset])
            guard end <= bytes.count else { break }
            if case .success(let dataset) = ThreadDataset.parse(bytes: Array(bytes[(offset + 1)..<end])) {
                datasets.append(dataset)
            }
            offset = end
        }
        return datasets
    }

    /// A device's firmware as stored: `{"version", "version_string", "offer"?}`, or "" for the factory firmware with
    /// no offer.
    static func encode(_ firmware: DeviceFirmware) -> String {
        guard firmware != DeviceFirmware() else { return "" }
        var members: [String: JSONValue] = [
            "version": .integer(Int64(firmware.version)), "version_string": .string(firmware.versionString),
        ]
        if let offer = firmware.offer {
            members["offer"] = [
                "version": .integer(Int64(offer.version)), "version_string": .string(offer.versionString),
                "release_notes_url": offer.releaseNotesURL.map { .string($0) } ?? .null,
                "size_bytes": .integer(Int64(offer.sizeBytes)),
            ]
        }
        return JSONWriter.compact(.object(members))
    }

    static func decodeFirmware(_ text: String) -> DeviceFirmware {
        var firmware = DeviceFirmware()
        guard !text.isEmpty, case .object(let members)? = try? JSONParser().parse(text) else { return firmware }
        if case .integer(let version)? = members["version"], let version = UInt32(exactly: version) {
            firmware.version = version
        }
        if case .string(let text)? = members["version_string"] { firmware.versionString = text }
        if case .object(let offer)? = members["offer"], case .integer(let version)? = offer["version"],
            let version = UInt32(exactly: version), case .string(let versionString)? = offer["version_string"]
        {
            var releaseNotes: String?
            if case .string(let url)? = offer["release_notes_url"] { releaseNotes = url }
            var size = FirmwareOffer.defaultSize
            if case .integer(let bytes)? = offer["size_bytes"] { size = Int(bytes) }
            firmware.offer = FirmwareOffer(
                version: version, versionString: versionString, releaseNotesURL: releaseNotes, sizeBytes: size)
        }
        return firmware
    }
}
