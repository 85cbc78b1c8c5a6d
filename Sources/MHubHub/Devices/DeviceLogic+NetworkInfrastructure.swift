import MatterDataModel

/// A Network Infrastructure Manager (Device Library 1.4, 0x0090: a home's Wi-Fi router and Thread border router) is
/// the home's own network infrastructure: its Wi-Fi is the hub's Wi-Fi credentials (`set_wifi_credentials`), its
/// Thread network the hub's Thread dataset (`set_thread_dataset`), and its Thread Network Directory the home's Thread
/// networks (`HubPreferences.threadNetworks`). Its attributes follow the hub's networks
/// (`NetworkInfrastructure.attributes`); its commands read them, and the directory's change them.
///
/// Application Cluster Specification 10.2 (Wi-Fi Network Management), 10.3 (Thread Border Router Management), 10.4
/// (Thread Network Directory); the statuses as CHIP's servers answer them (`wifi-network-management-server.cpp`,
/// `thread-border-router-management-server.cpp`, `thread-network-directory-server.cpp`).
extension DeviceLogic {
    /// NetworkPassphraseRequest: the Wi-Fi passphrase, over CASE only (UNSUPPORTED_ACCESS otherwise, 10.2.7.1);
    /// INVALID_IN_STATE while the home has no Wi-Fi.
    static func wiFiNetworkManagement(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        guard call.command.name == "NetworkPassphraseRequest" else { throw unsupported(call) }
        guard call.overCASE else {
            throw InteractionError(.unsupportedAccess, "the passphrase is only given over a CASE session")
        }
        guard let wifi = call.preferences.wifi else {
            throw InteractionError(.invalidInState, "the home has no Wi-Fi network (set_wifi_credentials)")
        }
        return (DeviceEffect(), ["passphrase": .bytes(Array(wifi.credentials.utf8))])
    }

    /// The border router's datasets, over CASE only; the active one is the home's Thread dataset (NOT_FOUND while it
    /// has none), and it never has a pending one. SetActiveDatasetRequest needs the requester's fail-safe armed on the
    /// border router (10.3.7.4): a device reached through the hub has none, so it is FAILSAFE_REQUIRED; the home's
    /// network is set with `set_thread_dataset` (docs/devices.md).
    static func threadBorderRouterManagement(_ call: Invocation) throws(InteractionError)
        -> (DeviceEffect, Response?)
    {
        switch call.command.name {
        case "GetActiveDatasetRequest", "GetPendingDatasetRequest":
            guard call.overCASE else {
                throw InteractionError(.unsupportedAccess, "datasets are only given over a CASE session")
            }
            guard call.command.name == "GetActiveDatasetRequest", let dataset = call.preferences.threadDataset else {
                throw InteractionError(.notFound, "the border router has no such dataset")
            }
            return (DeviceEffect(), ["dataset": .bytes(dataset.bytes)])
        case "SetActiveDatasetRequest":
            throw InteractionError(
                .failsafeRequired,
                "no fail-safe is armed on this border router (set the home's with set_thread_dataset)")
        default:
            throw unsupported(call)
        }
    }

    /// The home's Thread networks: AddNetwork (a dataset with every sub-TLV 10.4.6.1 names, newer than the entry it
    /// replaces; not the border router's own network), RemoveNetwork (not the preferred one, nor the border router's
    /// own), GetOperationalDataset (over CASE only).
    static func threadNetworkDirectory(_ call: Invocation) throws(InteractionError) -> (DeviceEffect, Response?) {
        let home = call.preferences
        switch call.command.name {
        case "AddNetwork":
            guard case .bytes(let bytes)? = call.fields["operationalDataset"],
                case .success(let dataset) = ThreadDataset.parse(bytes: bytes),
                NetworkInfrastructure.hasDirectoryTLVs(dataset)
            else {
                throw InteractionError(.constraintError, "the dataset lacks a sub-TLV a directory entry needs")
            }
            if dataset.extendedPANID == home.threadDataset?.extendedPANID {
                throw InteractionError(
                    .invalidInState, "that is the border router's own network (change it with set_thread_dataset)")
            }
            var directory = home.threadDirectory
            if let index = directory.firstIndex(where: { $0.extendedPANID == dataset.extendedPANID }) {
                guard
                    NetworkInfrastructure.activeTimestamp(dataset)
                        > NetworkInfrastructure.activeTimestamp(directory[index])
                else {
                    throw InteractionError(.invalidInState, "the dataset is not newer than the one in the directory")
                }
                directory[index] = dataset
            } else {
                guard home.threadNetworks.count < HubPreferences.threadDirectoryCapacity else {
                    throw InteractionError(.resourceExhausted, "the directory is full")
                }
                directory.append(dataset)
            }
            var effect = DeviceEffect()
            effect.preferences = home
            effect.preferences?.threadDirectory = directory
            return (effect, nil)
        case "RemoveNetwork":
            let panID = try extendedPANID(call)
            if call.value(0x0000) == .bytes(panID) {
                throw InteractionError(.constraintError, "that is the preferred network")
            }
            if panID == home.threadDataset?.extendedPANID {
                throw InteractionError(.constraintError, "the border router's own network stays in the directory")
            }
            guard home.threadDirectory.contains(where: { $0.extendedPANID == panID }) else {
                throw InteractionError(.notFound, "no network with that Extended PAN ID")
            }
            var effect = DeviceEffect()
            effect.preferences = home
            effect.preferences?.threadDirectory.removeAll { $0.extendedPANID == panID }
            return (effect, nil)
        case "GetOperationalDataset":
            guard call.overCASE else {
                throw InteractionError(.unsupportedAccess, "datasets are only given over a CASE session")
            }
            let panID = try extendedPANID(call)
            guard let dataset = home.threadNetworks.first(where: { $0.extendedPANID == panID }) else {
                throw InteractionError(.notFound, "no network with that Extended PAN ID")
            }
            return (DeviceEffect(), ["operationalDataset": .bytes(dataset.bytes)])
        default:
            throw unsupported(call)
        }
    }

    private static func extendedPANID(_ call: Invocation) throws(InteractionError) -> [UInt8] {
        guard case .bytes(let panID)? = call.fields["extendedPanID"], panID.count == 8 else {
            throw InteractionError(.constraintError, "extendedPanID must be 8 bytes")
        }
        return panID
    }
}

/// What a Network Infrastructure Manager's attributes are for the home's networks.
enum NetworkInfrastructure {
    /// The sub-TLVs a directory entry must have (Application Cluster Specification 10.4.6.1.1): Active Timestamp,
    /// Channel, Channel Mask, Extended PAN ID, Network Key, Mesh-Local Prefix, Network Name, PAN ID, PSKc, Security
    /// Policy (MeshCoP types, Thread 1.3.0 8.10.1).
    static let directoryTLVs: Set<UInt8> = [14, 0, 53, 2, 5, 7, 3, 1, 4, 12]

    static func hasDirectoryTLVs(_ dataset: ThreadDataset) -> Bool {
        directoryTLVs.isSubset(of: Set(tlvs(dataset).keys))
    }

    /// The dataset's TLVs by type (a parsed dataset's TLVs are well formed).
    static func tlvs(_ dataset: ThreadDataset) -> [UInt8: ArraySlice<UInt8>] {
        var values: [UInt8: ArraySlice<UInt8>] = [:]
        var offset = 0
        let bytes = dataset.bytes
        while offset + 2 <= bytes.count {
            let end = min(bytes.count, offset + 2 + Int(bytes[offset + 1]))
            values[bytes[offset]] = bytes[(offset + 2)..<end]
            offset = end
        }
        return values
    }

    /// The Active Timestamp TLV as the 64-bit value Thread Border Router Management and the directory report:
    /// seconds (48 bits), ticks (15) and the authoritative bit, big-endian.
    static func activeTimestamp(_ dataset: ThreadDataset) -> UInt64 {
        (tlvs(dataset)[14] ?? []).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A number that changes whenever the Wi-Fi passphrase does (PassphraseSurrogate, 10.2.5.2): the low 32 bits of
    /// FNV-1a of the SSID and passphrase, which gives neither away (and stays exact as a JSON number).
    static func surrogate(_ wifi: WiFiCredentials) -> UInt64 {
        Array(wifi.ssid.utf8 + [0] + wifi.credentials.utf8).reduce(UInt64(0xCBF2_9CE4_8422_2325)) {
            ($0 ^ UInt64($1)) &* 0x100_0000_01B3
        } & 0xFFFF_FFFF
    }

    /// The attributes of `endpoint` in `data` that follow the home's networks, with their values for `home`.
    static func attributes(_ home: HubPreferences, endpoint: EndpointData) -> [(AttributePath, AttributeValue)] {
        func path(_ cluster: ClusterID, _ attribute: AttributeID) -> AttributePath {
            AttributePath(endpoint: endpoint.id, cluster: cluster, attribute: attribute)
        }
        var values: [(AttributePath, AttributeValue)] = []
        if endpoint.clusters[0x0451] != nil {
            values.append((path(0x0451, 0x0000), home.wifi.map { .bytes(Array($0.ssid.utf8)) } ?? .null))
            values.append((path(0x0451, 0x0001), home.wifi.map { .unsigned(surrogate($0)) } ?? .null))
        }
        if endpoint.clusters[0x0452] != nil {
            values.append((path(0x0452, 0x0003), .bool(home.threadDataset != nil)))
            values.append((path(0x0452, 0x0004), home.threadDataset.map { .unsigned(activeTimestamp($0)) } ?? .null))
        }
        if let directory = endpoint.clusters[0x0453] {
            let networks = home.threadNetworks
            values.append(
                (
                    path(0x0453, 0x0001),
                    .list(
                        networks.map {
                            .structure([
                                0: .bytes($0.extendedPANID), 1: .string($0.networkName),
                                2: .unsigned(UInt64($0.channel)), 3: .unsigned(activeTimestamp($0)),
                            ])
                        })
                ))
            // The preferred network is the home's own unless one was chosen that is still listed (10.4.5.1).
            let preferred = directory.attributes[0x0000]
            let listed = networks.contains { preferred == .bytes($0.extendedPANID) }
            values.append(
                (
                    path(0x0453, 0x0000),
                    listed ? preferred ?? .null : home.threadDataset.map { .bytes($0.extendedPANID) } ?? .null
                ))
        }
        return values
    }

    /// `data` with every Network Infrastructure Manager attribute as the home's networks make it.
    static func apply(_ home: HubPreferences, to data: inout NodeData) {
        for endpoint in data.endpoints.values {
            for (path, value) in attributes(home, endpoint: endpoint) { data[path] = value }
        }
    }
}
