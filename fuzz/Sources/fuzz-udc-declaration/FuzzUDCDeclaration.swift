import FuzzSupport
import MatterUDC

/// UDC's IdentificationDeclaration decoder, on the input as a whole datagram and as a bare payload: what it
/// accepts keeps CHIP's field limits, and decode → encode → decode gives the same declaration, from an encoding
/// no longer than what was read (the 17-byte name block aside); a declaration sent as a datagram reads back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUDCDeclaration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if let declaration = try? UDCMessage.identificationDeclaration(from: bytes) {
        check(declaration, readFrom: nil)
    }
    if let declaration = try? IdentificationDeclaration(payload: bytes) {
        check(declaration, readFrom: bytes)
    }
    return 0
}

private func check(_ declaration: IdentificationDeclaration, readFrom payload: [UInt8]?) {
    let name = Array(declaration.instanceName.utf8)
    fuzzCheck(
        (1..<IdentificationDeclaration.instanceNameBlockLength).contains(name.count)
            && name.allSatisfy { $0 > 0x20 && $0 < 0x7F },
        "instance name \(hexString(name)) is not 1 to 16 printable ASCII bytes")
    fuzzCheck(
        (declaration.deviceName?.utf8.count ?? 0) <= IdentificationDeclaration.maximumDeviceNameLength,
        "device name over its limit")
    fuzzCheck(
        (declaration.pairingInstruction?.utf8.count ?? 0) <= IdentificationDeclaration.maximumPairingInstructionLength,
        "pairing instruction over its limit")
    fuzzCheck(
        (declaration.rotatingID?.count ?? 0) <= IdentificationDeclaration.maximumRotatingIDLength,
        "rotating ID over its limit")
    fuzzCheck(
        declaration.targetApps.count <= IdentificationDeclaration.maximumTargetApps
            && declaration.targetApps.allSatisfy { $0.vendorID != 0 },
        "target apps \(declaration.targetApps) over the limit or with vendor 0")

    let encoded = declaration.encodedPayload()
    if let payload {
        fuzzCheck(
            encoded.count <= max(IdentificationDeclaration.instanceNameBlockLength, payload.count),
            "the encoding of \(declaration) (\(encoded.count) bytes) is longer than the \(payload.count) read")
    }
    do {
        let again = try IdentificationDeclaration(payload: encoded)
        fuzzCheck(again == declaration, "decode → encode → decode changed \(declaration) into \(again)")
    } catch {
        fatalError("property violated: the encoding \(hexString(encoded)) of \(declaration) does not decode: \(error)")
    }
    let datagram = UDCMessage.datagram(declaration, messageCounter: 5, exchangeID: 9)
    do {
        let again = try UDCMessage.identificationDeclaration(from: datagram)
        fuzzCheck(again == declaration, "the datagram of \(declaration) reads back as \(again)")
    } catch {
        fatalError("property violated: the datagram \(hexString(datagram)) of \(declaration) does not read: \(error)")
    }
}
