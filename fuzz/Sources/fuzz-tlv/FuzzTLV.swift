import FuzzSupport
import MatterTLV

/// Matter TLV: whatever decodes re-encodes canonically, no longer than the input, and decodes back to the same
/// elements; `decodeElement` and `decodeElements` agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTLV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let decoder = TLVDecoder()
    let single = try? decoder.decodeElement(bytes)
    guard let elements = try? decoder.decodeElements(bytes) else {
        fuzzCheck(single == nil, "decodeElement accepted what decodeElements refused")
        return 0
    }
    if let single {
        fuzzCheck(elements.count == 1, "decodeElement accepted \(elements.count) top-level elements")
        fuzzCheck(
            TLVEncoder.encode(single) == TLVEncoder.encode(elements[0]), "decodeElement and decodeElements differ")
    } else {
        fuzzCheck(elements.count != 1, "decodeElements found one element that decodeElement refused")
    }

    let encoded = TLVEncoder.encode(elements)
    fuzzCheck(encoded.count <= bytes.count, "the canonical encoding \(hexString(encoded)) is longer than the input")
    let again: [TLVElement]
    do {
        again = try decoder.decodeElements(encoded)
    } catch {
        fatalError("property violated: the encoder's output \(hexString(encoded)) does not decode: \(error)")
    }
    // Compared as encodings, since a NaN float is not equal to itself.
    fuzzCheck(TLVEncoder.encode(again) == encoded, "decode → encode → decode changed the elements")
    fuzzCheck(again.count == elements.count, "decode → encode → decode changed the element count")
    for (old, new) in zip(elements, again) where !containsNaN(old) {
        fuzzCheck(old == new, "decode → encode → decode changed \(old) into \(new)")
    }
    return 0
}

private func containsNaN(_ element: TLVElement) -> Bool {
    switch element.value {
    case .float(let value): value.isNaN
    case .double(let value): value.isNaN
    case .structure(let members), .array(let members), .list(let members): members.contains(where: containsNaN)
    case .signed, .unsigned, .bool, .utf8, .bytes, .null: false
    }
}
