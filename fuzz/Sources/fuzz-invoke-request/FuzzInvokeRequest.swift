import FuzzSupport
import MatterInteraction
import MatterTLV

/// The Interaction Model's invoke codecs on the input: InvokeRequest (what a controller sends), the InvokeResponse
/// the node answers it with, and TimedRequest.
///
/// * An accepted InvokeRequest has both flags and at least one command (CHIP `CommandHandler::ProcessInvokeRequest`
///   requires them), and decode → encode → decode keeps every flag, path, Ref and field, with an encoding that is
///   stable.
/// * The answer the node would build from it — for each command a status with its path and Ref, and a response
///   command carrying the same fields — encodes and decodes to itself.
/// * The input read as an InvokeResponse, or as a TimedRequest, written again reads back the same.
///
/// Fields are compared as encodings: a NaN float among them is not equal to itself as a value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInvokeRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    if let request = try? InvokeRequestMessage(payload: bytes) {
        checkRequest(request)
        checkResponse(answering: request)
    }
    if let response = try? InvokeResponseMessage(payload: bytes) {
        roundTrip(response)
    }
    if let timed = try? TimedRequestMessage(payload: bytes) {
        let again = try? TimedRequestMessage(payload: timed.encoded())
        fuzzCheck(
            again == timed, "TimedRequest decode → encode → decode changed \(timed) into \(String(describing: again))")
    }
    return 0
}

private func checkRequest(_ request: InvokeRequestMessage) {
    fuzzCheck(!request.invokeRequests.isEmpty, "an InvokeRequest without commands was accepted")
    let encoded = request.encoded()
    let again = decodeAgain(encoded, of: request) { try InvokeRequestMessage(payload: $0) }
    fuzzCheck(
        again.suppressResponse == request.suppressResponse && again.timedRequest == request.timedRequest
            && again.interactionModelRevision == request.interactionModelRevision,
        "InvokeRequest decode → encode → decode changed its flags or revision: \(request) → \(again)")
    fuzzCheck(again.invokeRequests.count == request.invokeRequests.count, "InvokeRequest round trip lost commands")
    for (before, after) in zip(request.invokeRequests, again.invokeRequests) {
        sameCommand(before, after, "InvokeRequest")
    }
    fuzzCheck(again.encoded() == encoded, "an InvokeRequest's encoding is not stable: \(hexString(encoded))")
}

/// The answer the node builds: a status, then a response command with the request's fields, for each command.
private func checkResponse(answering request: InvokeRequestMessage) {
    var responses: [InvokeResponseIB] = []
    for (index, command) in request.invokeRequests.enumerated() {
        let status = InteractionModelStatus(rawValue: UInt8(truncatingIfNeeded: index &* 0x35))
        responses.append(
            .status(
                path: command.path, StatusIB(status, clusterStatus: command.ref.map(UInt8.init(truncatingIfNeeded:))),
                ref: command.ref))
        var answer = command
        answer.path.command = command.path.command &+ 1
        responses.append(.command(answer))
    }
    roundTrip(InvokeResponseMessage(suppressResponse: request.suppressResponse, invokeResponses: responses))
}

private func roundTrip(_ response: InvokeResponseMessage) {
    let encoded = response.encoded()
    let again = decodeAgain(encoded, of: response) { try InvokeResponseMessage(payload: $0) }
    fuzzCheck(
        again.suppressResponse == response.suppressResponse
            && again.moreChunkedMessages == response.moreChunkedMessages
            && again.interactionModelRevision == response.interactionModelRevision
            && again.invokeResponses.count == response.invokeResponses.count,
        "InvokeResponse decode → encode → decode changed \(response) into \(again)")
    for (before, after) in zip(response.invokeResponses, again.invokeResponses) {
        switch (before, after) {
        case (.command(let one), .command(let other)): sameCommand(one, other, "InvokeResponse")
        case (.status(let path, let status, let ref), .status(let otherPath, let otherStatus, let otherRef)):
            fuzzCheck(
                path == otherPath && status == otherStatus && ref == otherRef,
                "a CommandStatusIB changed in a round trip: \(before) → \(after)")
        case (.command, .status), (.status, .command):
            fatalError("property violated: an InvokeResponseIB changed its kind: \(before) → \(after)")
        }
    }
    fuzzCheck(again.encoded() == encoded, "an InvokeResponse's encoding is not stable: \(hexString(encoded))")
}

/// The same path and Ref, and fields that are absent in both or encode alike.
private func sameCommand(_ one: CommandDataIB, _ other: CommandDataIB, _ message: String) {
    fuzzCheck(
        one.path == other.path && one.ref == other.ref, "\(message): a command's path or Ref changed: \(one) → \(other)"
    )
    switch (one.fields, other.fields) {
    case (nil, nil): break
    case (let fields?, let otherFields?):
        fuzzCheck(
            TLVEncoder.encode(TLVElement(.structure(fields))) == TLVEncoder.encode(TLVElement(.structure(otherFields))),
            "\(message): a command's fields changed: \(fields) → \(otherFields)")
    case (nil, _?), (_?, nil):
        fatalError("property violated: \(message): CommandFields appeared or vanished: \(one) → \(other)")
    }
}

/// What `encoded`, the encoding of `value`, decodes to; a violation if it does not decode.
private func decodeAgain<Message>(_ encoded: [UInt8], of value: Message, _ decode: ([UInt8]) throws -> Message)
    -> Message
{
    do {
        return try decode(encoded)
    } catch {
        fatalError("property violated: the encoding \(hexString(encoded)) of \(value) does not decode: \(error)")
    }
}
