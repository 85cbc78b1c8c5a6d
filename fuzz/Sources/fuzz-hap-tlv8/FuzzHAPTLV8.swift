import FuzzSupport
import HomeKitAccessory

/// HAP's TLV8 (`TLV8.decode`, `TLV8.encoded`): what decodes encodes to bytes that decode to the same items, no
/// longer than the input (fragments joined, a separator's stray bytes dropped), and that encoding is a fixed point;
/// no item is an unjoined fragment (two neighbours of one type other than separators); the typed reads agree with
/// the items; the List Pairings entries hold every item but the separators.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHAPTLV8(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    let decoded: TLV8
    do {
        decoded = try TLV8.decode(input)
    } catch {
        guard case .truncatedTLV8(let offset) = error, offset < input.count else {
            fatalError("property violated: decoding \(hexString(input)) threw \(error)")
        }
        return 0
    }
    let encoded = decoded.encoded()
    fuzzCheck(encoded.count <= input.count, "\(hexString(input)) encoded to more bytes: \(hexString(encoded))")
    let again: TLV8
    do {
        again = try TLV8.decode(encoded)
    } catch {
        fatalError("property violated: the encoding \(hexString(encoded)) of \(hexString(input)) threw \(error)")
    }
    fuzzCheck(again == decoded, "\(hexString(input)) decoded, encoded and decoded to different items")
    fuzzCheck(again.encoded() == encoded, "encoding \(hexString(input))'s items is not stable")

    let separator = HAPTLVType.separator.rawValue
    for (left, right) in zip(decoded.items, decoded.items.dropFirst()) where left.type == right.type {
        fuzzCheck(left.type == separator, "two neighbouring items of type \(left.type) were not joined")
    }
    for type in HAPTLVType.allCases {
        let first = decoded.items.first { $0.type == type.rawValue }?.value
        fuzzCheck(decoded.first(type) == first, "first(\(type)) is not the first item of its type")
        fuzzCheck(decoded.byte(type) == (first?.count == 1 ? first?[0] : nil), "byte(\(type)) disagrees")
    }
    let entryItems = decoded.entries.flatMap(\.items)
    fuzzCheck(entryItems == decoded.items.filter { $0.type != separator }, "entries lost or added items")
    return 0
}
