import MHubJSON

// What the hub publishes and hears on the network (docs/protocol.md §13, docs/dns-sd.md): its DNS-SD records as the
// advertiser reports them, the User Directed Commissioning requests it received, and its attestation identity.

/// What the hub's DNS-SD advertising has achieved, as the daemon's advertiser reports it (docs/dns-sd.md).
///
/// The hub only keeps and shows it (`get_advertising`, `get_status`); the advertiser feeds a new one in
/// whenever avahi-daemon or a service's registration changes.
public struct AdvertisingReport: Hashable, Sendable {
    /// The connection to avahi-daemon.
    public enum State: String, Hashable, Sendable {
        /// `dns_sd.enabled` is false, or no advertiser runs (a hub without a daemon around it).
        case disabled
        /// The advertiser has not heard from Avahi yet.
        case starting
        /// No avahi-daemon (or no system bus): nothing is published until one appears.
        case unavailable
        /// avahi-daemon is establishing its host name; services follow once it runs.
        case registering
        /// avahi-daemon runs and the services are registered with it.
        case running
        /// The Avahi client failed for another reason; a new one is tried shortly.
        case failed
    }

    /// Where one service's registration stands.
    public enum ServiceState: String, Hashable, Sendable {
        case waiting
        case registering
        case established
        /// Another host holds the name, which the spec fixes (an operational name, reference A.3).
        case collision
        case failed
    }

    /// One advertised service.
    public struct Service: Hashable, Sendable {
        /// What the record says about the hub: `commissioner`, `commissionable`, `operational`,
        /// `border_agent`, `device_commissionable`, `device_operational` (a simulated device on the network).
        public var role: String
        public var type: String
        /// The instance name asked for.
        public var name: String
        /// The instance name on the network: `name`, or Avahi's alternative after a collision.
        public var nameInUse: String
        public var state: ServiceState
        public var port: UInt16
        /// `key=value` strings in wire order; values that are not printable ASCII as `key=0x<hex>`.
        public var txt: [String]
        public var subtypes: [String]

        public init(
            role: String, type: String, name: String, nameInUse: String, state: ServiceState, port: UInt16,
            txt: [String], subtypes: [String]
        ) {
            self.role = role
            self.type = type
            self.name = name
            self.nameInUse = nameInUse
            self.state = state
            self.port = port
            self.txt = txt
            self.subtypes = subtypes
        }
    }

    public var state: State
    /// The configured interface names; empty means every interface avahi-daemon uses.
    public var interfaces: [String]
    public var services: [Service]
    /// Records that could not be built from the configuration, and interfaces that do not exist.
    public var problems: [String]

    public init(state: State, interfaces: [String] = [], services: [Service] = [], problems: [String] = []) {
        self.state = state
        self.interfaces = interfaces
        self.services = services
        self.problems = problems
    }

    public static let disabled = AdvertisingReport(state: .disabled)

    /// One line for logs and `get_status`, e.g. "advertising: 4 of 4 services established".
    public var summary: String {
        switch state {
        case .disabled: return "advertising disabled"
        case .starting: return "advertising starting"
        case .unavailable:
            return "advertising unavailable: avahi-daemon is not running; mhubd publishes as soon as it appears"
        case .registering: return "advertising: avahi-daemon is establishing its host name"
        case .failed: return "advertising unavailable: the Avahi client failed; retrying"
        case .running:
            let established = services.filter { $0.state == .established }.count
            let collisions = services.filter { $0.state == .collision }.count
            let collisionText = collisions == 0 ? "" : ", \(collisions) name collision\(collisions == 1 ? "" : "s")"
            return "advertising: \(established) of \(services.count) services established\(collisionText)"
        }
    }
}

extension AdvertisingReport: ProtocolValue {
    public static let what = "the advertising report"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        state = State(rawValue: try object.string("state") ?? "") ?? .disabled
        interfaces = try object.strings("interfaces")
        services = try [Service](json: object.raw("services") ?? [])
        problems = try object.strings("problems")
    }

    /// `get_advertising`.
    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("interfaces", interfaces)
        json.member("problems", problems)
        json.member("services", services)
        json.member("state", state.rawValue)
        json.member("summary", summary)
        json.endObject()
    }

    /// The `advertising` member of `get_status`: the state and how many services are established.
    public var status: AdvertisingStatus {
        AdvertisingStatus(
            state: state.rawValue, summary: summary, services: Int64(services.count),
            established: Int64(services.filter { $0.state == .established }.count))
    }
}

extension AdvertisingReport.Service: ProtocolValue {
    public static let what = "an advertised service"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        self.init(
            role: try object.string("role") ?? "", type: try object.string("type") ?? "",
            name: try object.string("name") ?? "", nameInUse: try object.string("name_in_use") ?? "",
            state: AdvertisingReport.ServiceState(rawValue: try object.string("state") ?? "") ?? .waiting,
            port: try object.integer("port") ?? 0, txt: try object.strings("txt"),
            subtypes: try object.strings("subtypes"))
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("name", name)
        json.member("name_in_use", nameInUse)
        json.member("port", Int64(port))
        json.member("role", role)
        json.member("state", state.rawValue)
        json.member("subtypes", subtypes)
        json.member("txt", txt)
        json.member("type", type)
        json.endObject()
    }
}

/// The advertising in `get_status`: its state and summary, how many services, how many established.
public struct AdvertisingStatus: ProtocolValue {
    public var state: String
    public var summary: String
    public var services: Int64
    public var established: Int64

    public init(state: String, summary: String, services: Int64, established: Int64) {
        self.state = state
        self.summary = summary
        self.services = services
        self.established = established
    }

    public static let what = "the advertising status"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        state = try object.string("state") ?? ""
        summary = try object.string("summary") ?? ""
        services = try object.integer("services") ?? 0
        established = try object.integer("established") ?? 0
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("established", established)
        json.member("services", services)
        json.member("state", state)
        json.member("summary", summary)
        json.endObject()
    }
}

/// A User Directed Commissioning request as `get_udc_requests` and `udc_request_received` show it: what the
/// commissionee's IdentificationDeclaration said, from where, when and how many copies arrived.
public struct UDCRequestInfo: ProtocolValue {
    /// A content app the commissionee asks for.
    public struct TargetApp: Hashable, Sendable {
        public var vendorID: Int64
        public var productID: Int64

        public init(vendorID: Int64, productID: Int64) {
            self.vendorID = vendorID
            self.productID = productID
        }
    }

    /// The boolean fields of the declaration (tags 13 to 17), by their names on the wire.
    public enum Flag: String, CaseIterable, Hashable, Sendable {
        case noPasscode = "no_passcode"
        case cdUponPasscodeDialog = "cd_upon_passcode_dialog"
        case commissionerPasscode = "commissioner_passcode"
        case commissionerPasscodeReady = "commissioner_passcode_ready"
        case cancelPasscode = "cancel_passcode"
    }

    public var instanceName: String
    public var vendorID: Int64?
    public var productID: Int64?
    public var deviceName: String?
    public var deviceType: Int64?
    public var pairingInstruction: String?
    public var pairingHint: Int64?
    /// Uppercase hexadecimal.
    public var rotatingID: String?
    public var commissionerDeclarationPort: Int64?
    public var targetApps: [TargetApp]
    public var flags: Set<Flag>
    public var passcodeLength: Int64?
    public var source: String
    public var receivedAt: String
    public var lastReceivedAt: String
    public var count: Int64

    public init(
        instanceName: String, vendorID: Int64? = nil, productID: Int64? = nil, deviceName: String? = nil,
        deviceType: Int64? = nil, pairingInstruction: String? = nil, pairingHint: Int64? = nil,
        rotatingID: String? = nil, commissionerDeclarationPort: Int64? = nil, targetApps: [TargetApp] = [],
        flags: Set<Flag> = [], passcodeLength: Int64? = nil, source: String, receivedAt: String,
        lastReceivedAt: String, count: Int64
    ) {
        self.instanceName = instanceName
        self.vendorID = vendorID
        self.productID = productID
        self.deviceName = deviceName
        self.deviceType = deviceType
        self.pairingInstruction = pairingInstruction
        self.pairingHint = pairingHint
        self.rotatingID = rotatingID
        self.commissionerDeclarationPort = commissionerDeclarationPort
        self.targetApps = targetApps
        self.flags = flags
        self.passcodeLength = passcodeLength
        self.source = source
        self.receivedAt = receivedAt
        self.lastReceivedAt = lastReceivedAt
        self.count = count
    }

    public static let what = "a UDC request"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        instanceName = try object.string("instance_name") ?? ""
        vendorID = try object.integer("vendor_id")
        productID = try object.integer("product_id")
        deviceName = try object.string("device_name")
        deviceType = try object.integer("device_type")
        pairingInstruction = try object.string("pairing_instruction")
        pairingHint = try object.integer("pairing_hint")
        rotatingID = try object.string("rotating_id")
        commissionerDeclarationPort = try object.integer("cd_port")
        targetApps = []
        for (value, path) in try object.array("target_apps") {
            var app = try JSONObjectReader(value, at: path, what: "a target app", context: object.context)
            targetApps.append(
                TargetApp(vendorID: try app.integer("vendor_id") ?? 0, productID: try app.integer("product_id") ?? 0))
        }
        flags = []
        for flag in Flag.allCases where try object.bool(flag.rawValue) == true { flags.insert(flag) }
        passcodeLength = try object.integer("passcode_length")
        source = try object.string("source") ?? ""
        receivedAt = try object.string("received_at") ?? ""
        lastReceivedAt = try object.string("last_received_at") ?? ""
        count = try object.integer("count") ?? 1
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("cancel_passcode", flags.contains(.cancelPasscode))
        json.member("cd_port", commissionerDeclarationPort)
        json.member("cd_upon_passcode_dialog", flags.contains(.cdUponPasscodeDialog))
        json.member("commissioner_passcode", flags.contains(.commissionerPasscode))
        json.member("commissioner_passcode_ready", flags.contains(.commissionerPasscodeReady))
        json.member("count", count)
        json.member("device_name", deviceName)
        json.member("device_type", deviceType)
        json.member("instance_name", instanceName)
        json.member("last_received_at", lastReceivedAt)
        json.member("no_passcode", flags.contains(.noPasscode))
        json.member("pairing_hint", pairingHint)
        json.member("pairing_instruction", pairingInstruction)
        json.member("passcode_length", passcodeLength)
        json.member("product_id", productID)
        json.member("received_at", receivedAt)
        json.member("rotating_id", rotatingID)
        json.member("source", source)
        json.key("target_apps")
        json.beginArray()
        for app in targetApps {
            json.beginObject()
            json.member("product_id", app.productID)
            json.member("vendor_id", app.vendorID)
            json.endObject()
        }
        json.endArray()
        json.member("vendor_id", vendorID)
        json.endObject()
    }
}

/// `get_attestation`: the hub's PAA → PAI → DAC chain and its Certification Declaration, each with what a person
/// checks and its DER in Base64 (so `mhubctl hub attestation --paa-der FILE` can write the PAA for a trust store).
public struct AttestationInfo: ProtocolValue {
    /// A certificate: its DER always; the rest when it parsed.
    public struct Certificate: ProtocolValue {
        public var derBase64: String
        public var subject: String?
        public var notBefore: String?
        public var notAfter: String?
        /// Uppercase hexadecimal.
        public var subjectKeyID: String?
        public var authorityKeyID: String?
        public var derBytes: Int64?

        public init(
            derBase64: String, subject: String? = nil, notBefore: String? = nil, notAfter: String? = nil,
            subjectKeyID: String? = nil, authorityKeyID: String? = nil, derBytes: Int64? = nil
        ) {
            self.derBase64 = derBase64
            self.subject = subject
            self.notBefore = notBefore
            self.notAfter = notAfter
            self.subjectKeyID = subjectKeyID
            self.authorityKeyID = authorityKeyID
            self.derBytes = derBytes
        }

        public static let what = "a certificate"

        public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
            derBase64 = try object.string("der_base64") ?? ""
            subject = try object.string("subject")
            notBefore = try object.string("not_before")
            notAfter = try object.string("not_after")
            subjectKeyID = try object.string("subject_key_id")
            authorityKeyID = try object.string("authority_key_id")
            derBytes = try object.integer("der_bytes")
        }

        public func write(to json: inout JSONTextWriter) {
            json.beginObject()
            if let subject {
                json.member("authority_key_id", authorityKeyID)
                json.member("der_base64", derBase64)
                json.member("der_bytes", derBytes)
                json.member("not_after", notAfter)
                json.member("not_before", notBefore)
                json.member("subject", subject)
                json.member("subject_key_id", subjectKeyID)
            } else {
                json.member("der_base64", derBase64)
            }
            json.endObject()
        }
    }

    /// The Certification Declaration: its DER always; its content when it parsed.
    public struct Declaration: ProtocolValue {
        public struct Content: Hashable, Sendable {
            public var vendorID: Int64
            public var productIDs: [Int64]
            public var deviceTypeID: Int64
            public var certificateID: String
            public var certificationType: Int64
            /// Uppercase hexadecimal.
            public var signerKeyID: String

            public init(
                vendorID: Int64, productIDs: [Int64], deviceTypeID: Int64, certificateID: String,
                certificationType: Int64, signerKeyID: String
            ) {
                self.vendorID = vendorID
                self.productIDs = productIDs
                self.deviceTypeID = deviceTypeID
                self.certificateID = certificateID
                self.certificationType = certificationType
                self.signerKeyID = signerKeyID
            }
        }

        public var derBase64: String
        public var content: Content?

        public init(derBase64: String, content: Content? = nil) {
            self.derBase64 = derBase64
            self.content = content
        }

        public static let what = "a certification declaration"

        public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
            derBase64 = try object.string("der_base64") ?? ""
            if let vendorID: Int64 = try object.integer("vendor_id") {
                content = Content(
                    vendorID: vendorID, productIDs: try object.integers("product_ids"),
                    deviceTypeID: try object.integer("device_type_id") ?? 0,
                    certificateID: try object.string("certificate_id") ?? "",
                    certificationType: try object.integer("certification_type") ?? 0,
                    signerKeyID: try object.string("signer_key_id") ?? "")
            }
        }

        public func write(to json: inout JSONTextWriter) {
            json.beginObject()
            if let content {
                json.member("certificate_id", content.certificateID)
                json.member("certification_type", content.certificationType)
                json.member("der_base64", derBase64)
                json.member("device_type_id", content.deviceTypeID)
                json.member("product_ids", content.productIDs)
                json.member("signer_key_id", content.signerKeyID)
                json.member("vendor_id", content.vendorID)
            } else {
                json.member("der_base64", derBase64)
            }
            json.endObject()
        }
    }

    public var vendorID: Int64
    public var productID: Int64
    public var paa: Certificate
    public var pai: Certificate
    public var dac: Certificate
    public var certificationDeclaration: Declaration
    /// The PAA the devices on the network's own DACs chain to (one per vendor PAI under it), for a controller's
    /// trust store; nil before the daemon has it.
    public var devicePAA: Certificate?

    public init(
        vendorID: Int64, productID: Int64, paa: Certificate, pai: Certificate, dac: Certificate,
        certificationDeclaration: Declaration, devicePAA: Certificate? = nil
    ) {
        self.devicePAA = devicePAA
        self.vendorID = vendorID
        self.productID = productID
        self.paa = paa
        self.pai = pai
        self.dac = dac
        self.certificationDeclaration = certificationDeclaration
    }

    public static let what = "the attestation"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        vendorID = try object.integer("vendor_id") ?? 0
        productID = try object.integer("product_id") ?? 0
        paa = try Certificate(json: object.raw("paa") ?? [:])
        pai = try Certificate(json: object.raw("pai") ?? [:])
        dac = try Certificate(json: object.raw("dac") ?? [:])
        certificationDeclaration = try Declaration(json: object.raw("certification_declaration") ?? [:])
        devicePAA = try object.raw("device_paa").map { json throws(ProtocolViolation) in try Certificate(json: json) }
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("certification_declaration", certificationDeclaration)
        json.member("dac", dac)
        if let devicePAA { json.member("device_paa", devicePAA) }
        json.member("paa", paa)
        json.member("pai", pai)
        json.member("product_id", productID)
        json.member("vendor_id", vendorID)
        json.endObject()
    }
}

// MARK: requests

public struct GetAdvertising: ProtocolRequest {
    public typealias Reply = AdvertisingReport
    public static let command = HubCommand.getAdvertising

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// The kept requests, newest first.
public struct GetUDCRequests: ProtocolRequest {
    public typealias Reply = [UDCRequestInfo]
    public static let command = HubCommand.getUDCRequests

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

public struct GetAttestation: ProtocolRequest {
    public typealias Reply = AttestationInfo
    public static let command = HubCommand.getAttestation

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}
