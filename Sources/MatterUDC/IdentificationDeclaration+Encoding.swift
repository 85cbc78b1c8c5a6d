import MatterTLV

extension IdentificationDeclaration {
    /// The payload as CHIP's `IdentificationDeclaration::WritePayload` lays it out: the NUL-padded 17-byte
    /// instance-name block, then an anonymous structure with the fields that are set (booleans only when
    /// true). A name longer than 16 bytes is cut.
    public func encodedPayload() -> [UInt8] {
        var payload = Array(instanceName.utf8.prefix(Self.instanceNameBlockLength - 1))
        payload += Array(repeating: 0, count: Self.instanceNameBlockLength - payload.count)
        var fields: [TLVElement] = []
        func add(_ tag: Tag, _ value: TLVValue?) {
            if let value { fields.append(TLVElement(tag: .context(tag.rawValue), value)) }
        }
        add(.vendorID, vendorID.map { .unsigned(UInt64($0)) })
        add(.productID, productID.map { .unsigned(UInt64($0)) })
        add(.deviceName, deviceName.map { .utf8($0) })
        add(.deviceType, deviceType.map { .unsigned(UInt64($0)) })
        add(.pairingInstruction, pairingInstruction.map { .utf8($0) })
        add(.pairingHint, pairingHint.map { .unsigned(UInt64($0)) })
        add(.rotatingID, rotatingID.map { .bytes($0) })
        add(.commissionerDeclarationPort, commissionerDeclarationPort.map { .unsigned(UInt64($0)) })
        if !targetApps.isEmpty {
            let apps = targetApps.map { app in
                var members = [TLVElement(tag: .context(Tag.appVendorID.rawValue), .unsigned(UInt64(app.vendorID)))]
                if let product = app.productID {
                    members.append(TLVElement(tag: .context(Tag.appProductID.rawValue), .unsigned(UInt64(product))))
                }
                return TLVElement(tag: .context(Tag.targetApp.rawValue), .structure(members))
            }
            add(.targetAppList, .list(apps))
        }
        add(.noPasscode, noPasscode ? .bool(true) : nil)
        add(.cdUponPasscodeDialog, cdUponPasscodeDialog ? .bool(true) : nil)
        add(.commissionerPasscode, commissionerPasscode ? .bool(true) : nil)
        add(.commissionerPasscodeReady, commissionerPasscodeReady ? .bool(true) : nil)
        add(.cancelPasscode, cancelPasscode ? .bool(true) : nil)
        add(.passcodeLength, passcodeLength.map { .unsigned(UInt64($0)) })
        if !fields.isEmpty {
            payload += TLVEncoder.encode(TLVElement(.structure(fields)))
        }
        return payload
    }
}
