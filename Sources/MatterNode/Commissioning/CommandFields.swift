import MatterInteraction
import MatterTLV

/// A command's fields (CommandDataIB's CommandFields), read by context tag; a field that is missing or of the
/// wrong type makes the command INVALID_COMMAND, as CHIP's generated `Decode` of a command's struct fails it
/// (`CommandHandler::ProcessCommandDataIB`). Fields of other tags are ignored, as a newer command's are.
struct CommandFields {
    struct Invalid: Error {
        var field: String
    }

    let members: [TLVElement]

    func element(_ tag: UInt8) -> TLVElement? {
        members.first { $0.tag == .context(tag) }
    }

    func unsigned<T: FixedWidthInteger & UnsignedInteger>(_ tag: UInt8, _ field: String, as type: T.Type)
        throws(Invalid)
        -> T
    {
        guard let value = try optionalUnsigned(tag, field, as: type) else { throw Invalid(field: field) }
        return value
    }

    func optionalUnsigned<T: FixedWidthInteger & UnsignedInteger>(
        _ tag: UInt8, _ field: String, as type: T.Type
    ) throws(Invalid) -> T? {
        guard let element = element(tag) else { return nil }
        guard case .unsigned(let value) = element.value, let result = T(exactly: value) else {
            throw Invalid(field: field)
        }
        return result
    }

    func bytes(_ tag: UInt8, _ field: String) throws(Invalid) -> [UInt8] {
        guard let value = try optionalBytes(tag, field) else { throw Invalid(field: field) }
        return value
    }

    func optionalBytes(_ tag: UInt8, _ field: String) throws(Invalid) -> [UInt8]? {
        guard let element = element(tag) else { return nil }
        guard case .bytes(let value) = element.value else { throw Invalid(field: field) }
        return value
    }

    func string(_ tag: UInt8, _ field: String) throws(Invalid) -> String {
        guard let element = element(tag), case .utf8(let value) = element.value else { throw Invalid(field: field) }
        return value
    }

    func optionalBool(_ tag: UInt8, _ field: String) throws(Invalid) -> Bool? {
        guard let element = element(tag) else { return nil }
        guard case .bool(let value) = element.value else { throw Invalid(field: field) }
        return value
    }
}
