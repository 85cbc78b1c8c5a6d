import FuzzSupport
import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterTLV

/// InvokeRequest: a request the decoder accepts encodes and decodes to itself; the responder hands the owner at
/// most MaxPathsPerInvoke commands, exactly the request's (or refuses it with a StatusResponse that decodes), and
/// the owner's answers go out as an InvokeResponse that decodes to them; a command's fields, read as a bridged
/// device's are, become attribute values that encode back to the same TLV values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInvokeRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let decoded = try? InvokeRequestMessage(payload: bytes)
    if let request = decoded {
        let encoded = request.encoded()
        do {
            let again = try InvokeRequestMessage(payload: encoded)
            // Compared as encodings: a NaN in the data is not equal to itself.
            fuzzCheck(
                again.encoded() == encoded, "InvokeRequest decode → encode → decode changed \(request) into \(again)")
        } catch {
            fatalError("property violated: the encoding \(hexString(encoded)) of \(request) does not decode: \(error)")
        }
        for command in request.invokeRequests {
            for field in command.fields ?? [] {
                guard let value = try? AttributeValue(tlv: field.value) else { continue }
                let again = try? AttributeValue(tlv: value.tlvValue)
                fuzzCheck(
                    again.map { TLVEncoder.encode(TLVElement($0.tlvValue)) }
                        == TLVEncoder.encode(TLVElement(value.tlvValue)),
                    "a field's value \(value) does not survive TLV and back: \(String(describing: again))")
            }
        }
    }
    let reader = AttributeReader(node: NodeData(endpoints: []), dataVersion: 1)
    var responder = InteractionResponder()
    let actions = responder.messageReceived(opcode: 0x08, payload: bytes, now: .origin, reader: reader)
    guard let request = decoded, !request.timedRequest,
        request.invokeRequests.count <= InteractionResponder.maximumPathsPerInvoke
    else {
        fuzzCheck(
            actions.contains { action in
                guard case .send(.statusResponse, let payload, false) = action else { return false }
                return (try? StatusResponseMessage(payload: payload)) != nil
            }, "a refused invoke got no StatusResponse: \(actions)")
        return 0
    }
    guard case .invoke(let commands, false)? = actions.first, actions.count == 1 else {
        fatalError("property violated: an untimed invoke became \(actions)")
    }
    fuzzCheck(
        InvokeRequestMessage(invokeRequests: commands).encoded()
            == InvokeRequestMessage(invokeRequests: request.invokeRequests).encoded(), "the commands changed")
    let answers = commands.map { InvokeResponseIB.status(path: $0.path, StatusIB(.unsupportedCommand), ref: $0.ref) }
    let answer = responder.commandsHandled(answers)
    if request.suppressResponse {
        fuzzCheck(answer == [.close], "a suppressed invoke was answered: \(answer)")
        return 0
    }
    guard case .send(.invokeCommandResponse, let payload, false)? = answer.last,
        let response = try? InvokeResponseMessage(payload: payload)
    else {
        fatalError("property violated: no InvokeResponse that decodes: \(answer)")
    }
    fuzzCheck(response.invokeResponses == answers, "the InvokeResponse changed the answers")
    return 0
}
