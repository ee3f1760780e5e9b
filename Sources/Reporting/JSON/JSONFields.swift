/// Typed access to one JSON object's members, with errors that name the key (`hot_paths[2].calls`).
struct JSONFields {
    private let members: [String: JSONValue]
    /// Where the object sits in the document: `""` for the root, `hot_paths[2]`.
    private let location: String
    private let path: String?

    /// Reads `value` as an object found at `location` of the file at `path`.
    /// - Throws: ``JSONReadError`` when `value` is not an object.
    init(_ value: JSONValue, at location: String, path: String?) throws(JSONReadError) {
        guard case .object(let list) = value else {
            throw JSONReadError(path: path, line: 0, column: 0,
                                message: "\(location.isEmpty ? "the report" : "'\(location)'") is not an object")
        }
        var members: [String: JSONValue] = [:]
        for member in list where members[member.key] == nil {
            members[member.key] = member.value
        }
        self.members = members
        self.location = location
        self.path = path
    }

    /// The name of `key` within the document.
    func name(_ key: String) -> String {
        location.isEmpty ? key : "\(location).\(key)"
    }

    /// An error about `key`.
    func error(_ key: String, _ message: String) -> JSONReadError {
        JSONReadError(path: path, line: 0, column: 0, message: "'\(name(key))': \(message)")
    }

    /// The value of a required key.
    func value(_ key: String) throws(JSONReadError) -> JSONValue {
        guard let value = members[key] else { throw error(key, "missing") }
        return value
    }

    /// Whether the object has `key` with a value other than `null`.
    func has(_ key: String) -> Bool {
        members[key].map { $0 != .null } ?? false
    }

    func double(_ key: String) throws(JSONReadError) -> Double {
        guard case .number(let number) = try value(key) else { throw error(key, "expected a number") }
        return number
    }

    func int(_ key: String) throws(JSONReadError) -> Int {
        let number = try double(key)
        guard number == number.rounded(), abs(number) <= JSONValue.largestExactInteger else {
            throw error(key, "expected an integer, found \(JSONValue.format(number))")
        }
        return Int(number)
    }

    func bool(_ key: String) throws(JSONReadError) -> Bool {
        guard case .bool(let flag) = try value(key) else { throw error(key, "expected true or false") }
        return flag
    }

    func string(_ key: String) throws(JSONReadError) -> String {
        guard case .string(let text) = try value(key) else { throw error(key, "expected a string") }
        return text
    }

    /// A string or `null` (also `nil` when the key is missing).
    func optionalString(_ key: String) throws(JSONReadError) -> String? {
        has(key) ? try string(key) : nil
    }

    /// The members of a nested object, in document order.
    func members(_ key: String) throws(JSONReadError) -> [JSONValue.Member] {
        guard case .object(let list) = try value(key) else { throw error(key, "expected an object") }
        return list
    }

    func object(_ key: String) throws(JSONReadError) -> JSONFields {
        try JSONFields(value(key), at: name(key), path: path)
    }

    /// The elements of an array, each with its own location (`hot_paths[2]`); an empty array when the key is
    /// missing and `optional`.
    func array(_ key: String, optional: Bool = false) throws(JSONReadError) -> [(JSONValue, String)] {
        if optional, !has(key) { return [] }
        guard case .array(let elements) = try value(key) else { throw error(key, "expected an array") }
        return elements.enumerated().map { ($1, "\(name(key))[\($0)]") }
    }

    /// An array of strings; empty when the key is missing and `optional`.
    func strings(_ key: String, optional: Bool = false) throws(JSONReadError) -> [String] {
        var result: [String] = []
        for (element, location) in try array(key, optional: optional) {
            guard case .string(let text) = element else {
                throw JSONReadError(path: path, line: 0, column: 0, message: "'\(location)': expected a string")
            }
            result.append(text)
        }
        return result
    }

    /// Objects of an array, each read by `read`.
    func objects<T>(_ key: String, optional: Bool = false,
                    _ read: (JSONFields) throws(JSONReadError) -> T) throws(JSONReadError) -> [T] {
        var result: [T] = []
        for (element, location) in try array(key, optional: optional) {
            result.append(try read(JSONFields(element, at: location, path: path)))
        }
        return result
    }
}
