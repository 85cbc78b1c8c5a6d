import FuzzSupport
import MatterDataModel
import MatterInteraction
import MatterMessage

/// WriteRequest: a request the decoder accepts encodes and decodes to itself; the responder hands exactly its
/// writes to the owner (or refuses it with a StatusResponse that decodes), and answers the owner's statuses with a
/// WriteResponse of as many statuses, waiting for the next chunk only when the request said more was coming.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWriteRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let decoded = try? WriteRequestMessage(payload: bytes)
    if let request = decoded {
        let encoded = request.encoded()
        do {
            let again = try WriteRequestMessage(payload: encoded)
            // Compared as encodings: a NaN in the data is not equal to itself.
            fuzzCheck(
                again.encoded() == encoded, "WriteRequest decode → encode → decode changed \(request) into \(again)")
        } catch {
            fatalError("property violated: the encoding \(hexString(encoded)) of \(request) does not decode: \(error)")
        }
    }
    let reader = AttributeReader(node: NodeData(endpoints: []), dataVersion: 1)
    var responder = InteractionResponder()
    let actions = responder.messageReceived(opcode: 0x06, payload: bytes, now: .origin, reader: reader)
    guard let request = decoded, !request.timedRequest else {
        fuzzCheck(actions.contains { isStatusResponse($0) }, "a refused write got no StatusResponse: \(actions)")
        return 0
    }
    guard case .write(let writes, false, let more)? = actions.first, actions.count == 1 else {
        fatalError("property violated: an untimed write became \(actions)")
    }
    fuzzCheck(
        WriteRequestMessage(writeRequests: writes).encoded()
            == WriteRequestMessage(writeRequests: request.writeRequests)
            .encoded() && more == request.moreChunkedMessages, "the writes changed")
    let statuses = writes.map { AttributeStatusIB(path: $0.path, status: StatusIB(.success)) }
    let answer = responder.writesHandled(statuses)
    if request.suppressResponse && !more {
        fuzzCheck(answer.last == .close, "a suppressed write was answered: \(answer)")
        return 0
    }
    guard case .send(.writeResponse, let payload, let expectsMore)? = answer.last else {
        fatalError("property violated: no WriteResponse: \(answer)")
    }
    fuzzCheck(expectsMore == more, "the exchange waits for another chunk only after one with more to come")
    guard let response = try? WriteResponseMessage(payload: payload) else {
        fatalError("property violated: the WriteResponse \(hexString(payload)) does not decode")
    }
    fuzzCheck(response.writeResponses == statuses, "the WriteResponse changed the statuses")
    return 0
}

func isStatusResponse(_ action: InteractionResponderAction) -> Bool {
    guard case .send(.statusResponse, let payload, false) = action else { return false }
    return (try? StatusResponseMessage(payload: payload)) != nil
}
