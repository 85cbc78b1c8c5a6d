extension String {
    /// The longest start of the string, in whole characters, of at most `limit` bytes of UTF-8: how Matter's
    /// length-limited strings (a fabric label, a DNS-SD `DN`) cut a longer one.
    public func prefix(utf8Bytes limit: Int) -> String {
        var result = ""
        for character in self {
            guard result.utf8.count + character.utf8.count <= limit else { break }
            result.append(character)
        }
        return result
    }
}
