import FuzzSupport
import MHubHub
import MHubJSON

/// The control protocol's request decoder and the JSON parser and writer under it: the size limit is exact
/// (a request of `maximumBytes` is read like any other, one byte more is refused), a decoded request written out
/// again decodes to the same request, and JSON parse → write → parse keeps the value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControlRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    checkRequest(bytes)
    checkJSON(bytes)
    return 0
}

private func checkRequest(_ bytes: [UInt8]) {
    let unlimited = ControlMessages.decodeRequest(bytes, maximumBytes: 1 << 20)
    let exact = ControlMessages.decodeRequest(bytes, maximumBytes: bytes.count)
    fuzzCheck(same(unlimited, exact), "a limit of exactly the request's size changed the outcome")
    if !bytes.isEmpty {
        switch ControlMessages.decodeRequest(bytes, maximumBytes: bytes.count - 1) {
        case .success(let request):
            fatalError("property violated: a \(bytes.count)-byte request passed a limit of one byte less: \(request)")
        case .failure(let failure):
            fuzzCheck(failure.error.code == .invalidJSON, "an oversized request failed with \(failure.error)")
            fuzzCheck(failure.messageID == .null, "an oversized request was read far enough to find its message_id")
        }
    }
    guard case .success(let request) = unlimited else { return }
    switch request.messageID {
    case .string, .integer: break
    default: fatalError("property violated: message_id \(request.messageID) is neither a string nor an integer")
    }
    var envelope: [String: JSONValue] = ["message_id": request.messageID, "command": .string(request.command)]
    envelope["args"] = request.args
    let written = Array(JSONWriter.compact(.object(envelope)).utf8)
    switch ControlMessages.decodeRequest(written, maximumBytes: 1 << 20) {
    case .success(let again):
        fuzzCheck(again.messageID == request.messageID, "the written request's message_id changed")
        fuzzCheck(again.command == request.command, "the written request's command changed")
        fuzzCheck(
            numericallyEqual(again.args ?? .null, request.args ?? .null)
                && (again.args == nil) == (request.args == nil),
            "the written request's args changed")
    case .failure(let failure):
        fatalError("property violated: a decoded request written out does not decode: \(failure.error)")
    }
}

private func checkJSON(_ bytes: [UInt8]) {
    guard let value = try? JSONParser().parse(bytes) else { return }
    let compact = JSONWriter.compact(value)
    let reparsed: JSONValue
    do {
        reparsed = try JSONParser().parse(compact)
    } catch {
        fatalError("property violated: the writer's output \(compact) does not parse: \(error)")
    }
    fuzzCheck(numericallyEqual(value, reparsed), "JSON parse → write → parse changed the value: \(compact)")
    fuzzCheck(JSONWriter.compact(reparsed) == compact, "writing the reparsed value changed the text: \(compact)")
    let pretty = JSONWriter.pretty(value)
    fuzzCheck((try? JSONParser().parse(pretty)) == reparsed, "the pretty form reads differently: \(pretty)")
}

/// Equal, except that a number may come back as an integer where it was a double of the same value: the writer
/// writes a whole double below 2^53 without a fraction.
private func numericallyEqual(_ left: JSONValue, _ right: JSONValue) -> Bool {
    switch (left, right) {
    case (.integer(let integer), .double(let double)), (.double(let double), .integer(let integer)):
        return Int64(exactly: double) == integer
    case (.array(let left), .array(let right)):
        return left.count == right.count && zip(left, right).allSatisfy(numericallyEqual)
    case (.object(let left), .object(let right)):
        return left.count == right.count
            && left.allSatisfy { key, value in right[key].map { numericallyEqual(value, $0) } ?? false }
    default:
        return left == right
    }
}

private func same(
    _ left: Result<HubRequest, ControlMessages.DecodeFailure>,
    _ right: Result<HubRequest, ControlMessages.DecodeFailure>
) -> Bool {
    switch (left, right) {
    case (.success(let left), .success(let right)):
        left.messageID == right.messageID && left.command == right.command && left.args == right.args
    case (.failure(let left), .failure(let right)):
        left.messageID == right.messageID && left.error == right.error
    case (.success, .failure), (.failure, .success):
        false
    }
}
