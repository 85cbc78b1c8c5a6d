/// The TXT keys every Matter service may carry: `SII`, `SAI`, `SAT`, `T` and `ICD` (reference A.1 table,
/// CHIP `Advertiser_ImplMinimalMdns.cpp` `AddCommonTxtEntries`).
///
/// They are written in that order, after the service's own leading keys, as CHIP does.
public struct MatterCommonTXT: Hashable, Sendable {
    /// The node's MRP intervals; `nil` or the spec defaults leave out `SII`, `SAI` and `SAT`.
    public var sessionParameters: MatterSessionParameters?
    /// `T`: which TCP roles the node supports; empty leaves `T` out.
    public var tcp: MatterTCPSupport
    /// `ICD`: present only for a device that supports the Long Idle Time feature set.
    public var icd: MatterICDMode?

    public init(
        sessionParameters: MatterSessionParameters? = nil, tcp: MatterTCPSupport = [], icd: MatterICDMode? = nil
    ) {
        self.sessionParameters = sessionParameters
        self.tcp = tcp
        self.icd = icd
    }

    /// The entries, in CHIP's order.
    ///
    /// CHIP writes the MRP keys only when the local configuration differs from the spec default
    /// (`GetLocalMRPConfig()` returns `Missing()` otherwise, `ReliableMessageProtocolConfig.cpp`), and leaves
    /// `SII` out while the device operates as a LIT ICD.
    func entries() throws(DNSSDError) -> [DNSSDTXTEntry] {
        var entries: [DNSSDTXTEntry] = []
        if let parameters = sessionParameters, parameters != .specDefault {
            try parameters.validate()
            if icd != .longIdleTime {
                entries.append(DNSSDTXTEntry("SII", String(parameters.idleInterval)))
            }
            entries.append(DNSSDTXTEntry("SAI", String(parameters.activeInterval)))
            entries.append(DNSSDTXTEntry("SAT", String(parameters.activeThreshold)))
        }
        if !tcp.isEmpty {
            entries.append(DNSSDTXTEntry("T", String(tcp.rawValue)))
        }
        if let icd {
            entries.append(DNSSDTXTEntry("ICD", String(icd.rawValue)))
        }
        return entries
    }
}
