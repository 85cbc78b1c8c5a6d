/// The product keys and subtypes `_matterc` and `_matterd` share: `VP`, `DT`, `DN`, `_V`, `_T`
/// (reference A.1 and A.2; CHIP `GetCommissioningTxtEntries`, `MakeServiceSubtype`).
enum MatterProductTXT {
    /// `VP=<vendor>+<product>` or `VP=<vendor>`, `DT=<type>`, `DN=<name>`, each only when known.
    static func entries(vendorID: UInt16?, productID: UInt16?, deviceType: UInt32?, deviceName: String?)
        throws(DNSSDError) -> [DNSSDTXTEntry]
    {
        var entries: [DNSSDTXTEntry] = []
        if vendorID == 0 {
            throw DNSSDError("vendorID", "vendor 0 means no vendor; leave the vendor out instead")
        }
        if productID == 0 {
            throw DNSSDError("productID", "product 0 means no product; leave the product out instead")
        }
        switch (vendorID, productID) {
        case (let vendor?, let product?):
            entries.append(DNSSDTXTEntry("VP", "\(vendor)+\(product)"))
        case (let vendor?, nil):
            entries.append(DNSSDTXTEntry("VP", String(vendor)))
        case (nil, _?):
            throw DNSSDError("productID", "VP carries a product only after a vendor (\"VP=<vendor>+<product>\")")
        case (nil, nil):
            break
        }
        if let deviceType {
            entries.append(DNSSDTXTEntry("DT", String(deviceType)))
        }
        try checkText(deviceName, field: "deviceName", key: "DN", maximum: 32)
        if let deviceName {
            entries.append(DNSSDTXTEntry("DN", deviceName))
        }
        return entries
    }

    /// `_V<vendor>` and `_T<type>`, each only when known.
    static func subtypes(vendorID: UInt16?, deviceType: UInt32?) -> [String] {
        var subtypes: [String] = []
        if let vendorID {
            subtypes.append("_V\(vendorID)")
        }
        if let deviceType {
            subtypes.append("_T\(deviceType)")
        }
        return subtypes
    }
}
