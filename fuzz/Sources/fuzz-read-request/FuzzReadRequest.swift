import FuzzSupport
import MatterInteraction

/// The Interaction Model's ReadRequest decoder: a request it accepts has valid paths and, written out again,
/// decodes to itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReadRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let request = try? ReadRequestMessage(payload: bytes) else { return 0 }
    fuzzCheck(
        !(request.attributeRequests ?? []).isEmpty || (request.eventRequestCount ?? 0) > 0,
        "a read request without paths was accepted")
    for path in request.attributeRequests ?? [] {
        do {
            try path.validateForRead()
        } catch {
            fatalError("property violated: accepted path \(path) is not valid for a read: \(error)")
        }
    }
    let encoded = request.encoded()
    do {
        let again = try ReadRequestMessage(payload: encoded)
        fuzzCheck(again == request, "ReadRequest decode → encode → decode changed \(request) into \(again)")
    } catch {
        fatalError("property violated: the encoding \(hexString(encoded)) of \(request) does not decode: \(error)")
    }
    return 0
}
