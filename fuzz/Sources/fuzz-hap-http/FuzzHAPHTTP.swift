import FuzzSupport
import HomeKitAccessory

/// HAP's request parser (`HAPRequestParser`): the same bytes give the same requests and the same error however they
/// are cut into pieces (whole, byte by byte, seeded pieces); an error repeats; no body is over the limit and every
/// path starts with "/"; the bodies a request carries read as JSON or TLV8 without trapping, and a response written
/// for each request reads back with its Content-Length.
///
/// The first input byte picks the limits: the head limit from 8 KiB, 1, 64 and 256 bytes, the body limit from
/// 64 KiB, 0, 16 and 1024 bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHAPHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = fuzzBytes(data, size)
    guard let configuration = input.first else { return 0 }
    let headLimits = [8 * 1024, 1, 64, 256]
    let bodyLimits = [64 * 1024, 0, 16, 1024]
    let headLimit = headLimits[Int(configuration) % headLimits.count]
    let bodyLimit = bodyLimits[Int(configuration / 4) % bodyLimits.count]
    let stream = Array(input.dropFirst())

    var reference: Outcome?
    for pieces in Chunking.splits(of: stream) {
        let outcome = parse(pieces, headLimit: headLimit, bodyLimit: bodyLimit)
        if let reference {
            fuzzCheck(outcome == reference, "cutting the stream differently gave \(outcome), not \(reference)")
        } else {
            reference = outcome
        }
    }
    for request in reference?.requests ?? [] {
        fuzzCheck(
            request.body.count <= bodyLimit, "a body of \(request.body.count) bytes passed the \(bodyLimit) limit")
        fuzzCheck(request.path.hasPrefix("/"), "the path \(request.path) does not start with /")
        _ = try? request.characteristicIDs()
        _ = try? HAPCharacteristicWrites(json: request.body)
        _ = try? HAPPrepareRequest(json: request.body)
        _ = try? TLV8.decode(request.body)
        let response = HAPResponse(status: 200, contentType: HAPContentType.json, body: request.body).encoded()
        let length = "Content-Length: \(request.body.count)\r\n\r\n"
        fuzzCheck(
            Array(response.dropLast(request.body.count)).reversed().starts(with: Array(length.utf8).reversed()),
            "a response does not end its head with its Content-Length")
    }
    return 0
}

private struct Outcome: Equatable {
    var requests: [HAPRequest] = []
    var error: HAPWireError?
}

private func parse(_ pieces: [ArraySlice<UInt8>], headLimit: Int, bodyLimit: Int) -> Outcome {
    var parser = HAPRequestParser(maximumHeadBytes: headLimit, maximumBodyBytes: bodyLimit)
    var outcome = Outcome()
    for piece in pieces {
        parser.append(piece)
        do {
            while let request = try parser.next() { outcome.requests.append(request) }
        } catch {
            outcome.error = error
            do {
                _ = try parser.next()
                fatalError("property violated: after \(error) the parser went on")
            } catch let again {
                fuzzCheck(again == error, "after \(error) the parser threw \(again)")
            }
            return outcome
        }
    }
    return outcome
}
