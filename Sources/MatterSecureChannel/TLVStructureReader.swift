import MatterTLV

/// Field readers for PASE messages, with `PASEMessageError`s.
typealias TLVStructureReader = TLVFieldReader<PASEMessageError>

extension PASEMessageError: TLVFieldError {}

extension TLVFieldReader where Failure == PASEMessageError {
    /// A required byte string whose length must be in `length`.
    func bytes(_ tag: UInt8, _ field: String, length: ClosedRange<Int>) throws(PASEMessageError) -> [UInt8] {
        guard let bytes = try bytes(tag, field) else { throw .missingField(field) }
        guard length.contains(bytes.count) else {
            let expected = length.count == 1 ? "\(length.lowerBound)" : "\(length.lowerBound) to \(length.upperBound)"
            throw .wrongLength(field: field, expected: expected, actual: bytes.count)
        }
        return bytes
    }
}
