import Foundation

/// A JSON value decoded strictly: a boolean is never a number and the reverse.
indirect enum JSONValue: Decodable, Equatable {
    case null, bool(Bool), integer(Int), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null } else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int.self) { self = .integer(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    static func parse(_ data: Data) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: data) }
}

/// The part of JSON Schema draft 4 the SARIF 2.1.0 schema uses: type, $ref to its own
/// definitions, properties, additionalProperties, required, items, minItems, uniqueItems,
/// enum, minimum, maximum, pattern, anyOf, oneOf, allOf. `format` is an annotation only
/// (draft 4 makes it optional). Written for the tests, so they need no validator installed.
struct JSONSchemaValidator {
    let root: JSONValue

    func errors(in instance: JSONValue) -> [String] { validate(instance, against: root, at: "$") }

    private func validate(_ value: JSONValue, against schema: JSONValue, at path: String) -> [String] {
        guard case .object(let keywords) = schema else { return [] }
        if case .string(let reference)? = keywords["$ref"] {
            guard let target = resolve(reference) else { return ["\(path): unresolvable $ref \(reference)"] }
            return validate(value, against: target, at: path)
        }
        var errors: [String] = []
        if let type = keywords["type"] {
            let allowed: [String] = switch type {
            case .string(let one): [one]
            case .array(let many): many.compactMap { if case .string(let name) = $0 { name } else { nil } }
            default: []
            }
            if !allowed.contains(where: { Self.has(value, type: $0) }) { errors.append("\(path): not of type \(allowed)") }
        }
        if case .array(let options)? = keywords["enum"], !options.contains(value) { errors.append("\(path): not one of the enum values") }
        switch value {
        case .object(let members):
            if case .array(let required)? = keywords["required"] {
                for case .string(let name) in required where members[name] == nil { errors.append("\(path): missing required \(name)") }
            }
            var properties: [String: JSONValue] = [:]
            if case .object(let declared)? = keywords["properties"] { properties = declared }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let property = properties[name] {
                    errors += validate(member, against: property, at: "\(path).\(name)")
                } else if let additional = keywords["additionalProperties"] {
                    if case .bool(false) = additional { errors.append("\(path): property \(name) is not allowed") }
                    else { errors += validate(member, against: additional, at: "\(path).\(name)") }
                }
            }
        case .array(let elements):
            if case .integer(let minimum)? = keywords["minItems"], elements.count < minimum { errors.append("\(path): fewer than \(minimum) items") }
            if case .bool(true)? = keywords["uniqueItems"] {
                for (index, element) in elements.enumerated() where elements[..<index].contains(element) {
                    errors.append("\(path)[\(index)]: duplicate item")
                }
            }
            if let items = keywords["items"] {
                for (index, element) in elements.enumerated() { errors += validate(element, against: items, at: "\(path)[\(index)]") }
            }
        case .integer, .number:
            let number: Double = if case .integer(let whole) = value { Double(whole) } else if case .number(let real) = value { real } else { 0 }
            if let minimum = Self.number(keywords["minimum"]), number < minimum { errors.append("\(path): below minimum \(minimum)") }
            if let maximum = Self.number(keywords["maximum"]), number > maximum { errors.append("\(path): above maximum \(maximum)") }
        case .string(let text):
            if case .string(let pattern)? = keywords["pattern"],
               text.range(of: pattern, options: .regularExpression) == nil {
                errors.append("\(path): does not match \(pattern)")
            }
        default:
            break
        }
        if case .array(let schemas)? = keywords["allOf"] {
            for part in schemas { errors += validate(value, against: part, at: path) }
        }
        if case .array(let schemas)? = keywords["anyOf"], !schemas.contains(where: { validate(value, against: $0, at: path).isEmpty }) {
            errors.append("\(path): matches none of anyOf")
        }
        if case .array(let schemas)? = keywords["oneOf"], schemas.filter({ validate(value, against: $0, at: path).isEmpty }).count != 1 {
            errors.append("\(path): does not match exactly one of oneOf")
        }
        return errors
    }

    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return reference == "#" ? root : nil }
        var node = root
        for part in reference.dropFirst(2).split(separator: "/") {
            guard case .object(let members) = node, let next = members[String(part)] else { return nil }
            node = next
        }
        return node
    }

    private static func has(_ value: JSONValue, type: String) -> Bool {
        switch (value, type) {
        case (.null, "null"), (.bool, "boolean"), (.integer, "integer"), (.integer, "number"), (.number, "number"),
             (.string, "string"), (.array, "array"), (.object, "object"): true
        default: false
        }
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let whole)?: Double(whole)
        case .number(let real)?: real
        default: nil
        }
    }
}
