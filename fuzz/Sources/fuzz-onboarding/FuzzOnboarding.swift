import FuzzSupport
import MatterOnboarding

/// Onboarding payloads: a parsed QR code or manual code written out again parses to the same payload (both forms
/// carry every field the parser keeps), a valid payload can be written without `allowInvalid`, and Base38 is a
/// bijection between byte strings and the texts that decode.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOnboarding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    checkBase38(bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    guard let payload = try? OnboardingPayload.parse(text) else { return 0 }
    _ = payload.violations(mode: .produce)
    _ = payload.violations(mode: .consume)
    switch payload {
    case .qrCode(let payloads): checkQRCode(payloads)
    case .manualCode(let code): checkManualCode(code)
    }
    return 0
}

private func checkBase38(_ bytes: [UInt8]) {
    let encoded = Base38.encode(bytes)
    fuzzCheck((try? Base38.decode(encoded)) == bytes, "Base38 decode(encode(\(hexString(bytes)))) differs")
    let text = String(decoding: bytes, as: UTF8.self)
    if let decoded = try? Base38.decode(text) {
        fuzzCheck(Base38.encode(decoded) == text, "Base38 text \"\(text)\" is not the encoding of what it decodes to")
    }
}

private func checkQRCode(_ payloads: [SetupPayload]) {
    fuzzCheck(!payloads.isEmpty, "a QR code parsed into no payloads")
    let written: String
    do {
        written = try SetupPayload.qrCodeString(joining: payloads, allowInvalid: true)
    } catch {
        fatalError("property violated: parsed QR payloads \(payloads) cannot be written again: \(error)")
    }
    let reparsed: [SetupPayload]
    do {
        reparsed = try SetupPayload.parseQRCode(written)
    } catch {
        fatalError("property violated: the written QR code \(written) does not parse: \(error)")
    }
    fuzzCheck(reparsed == payloads, "QR parse → write → parse changed \(payloads) into \(reparsed) via \(written)")
    let rewritten = try? SetupPayload.qrCodeString(joining: reparsed, allowInvalid: true)
    fuzzCheck(rewritten == written, "writing the same payloads twice gave \(written) and \(rewritten ?? "an error")")

    for payload in payloads where payload.violations(mode: .produce).isEmpty {
        let single = try? payload.qrCodeString()
        fuzzCheck(single != nil, "a valid payload \(payload) cannot be written without allowInvalid")
        let manual = ManualPairingCode(payload)
        fuzzCheck(manual.violations().isEmpty, "the manual code \(manual) of a valid payload \(payload) is invalid")
        guard let digits = try? manual.digits() else {
            fatalError("property violated: the manual code of a valid payload \(payload) cannot be written")
        }
        fuzzCheck((try? ManualPairingCode.parse(digits)) == manual, "manual code \(digits) does not parse back")
    }
}

private func checkManualCode(_ code: ManualPairingCode) {
    fuzzCheck(code.shortDiscriminator <= 0xF, "a parsed manual code has short discriminator \(code.shortDiscriminator)")
    fuzzCheck(code.passcode != 0, "a parsed manual code has passcode 0")
    fuzzCheck((code.vendorID == nil) == (code.productID == nil), "a parsed manual code has only one of its IDs")
    let digits: String
    do {
        digits = try code.digits(allowInvalid: true)
    } catch {
        // Four digits of the third chunk reach 163,839,999: a parsed code can hold a passcode wider than the
        // 27 bits a code is written from (CHIP's parser does not check either; validation reports it).
        fuzzCheck(code.passcode >= 1 << 27, "parsed manual code \(code) cannot be written: \(error)")
        fuzzCheck(!code.violations().isEmpty, "manual code \(code) with a 28-bit passcode passes validation")
        return
    }
    fuzzCheck(digits.count == (code.isLong ? 21 : 11), "manual code \(code) was written as \(digits)")
    let reparsed = try? ManualPairingCode.parse(ManualPairingCode.grouped(digits))
    fuzzCheck(reparsed == code, "manual parse → write → parse changed \(code) into \(String(describing: reparsed))")
}
