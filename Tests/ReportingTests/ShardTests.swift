import Testing
@testable import Reporting
import TestSupport

/// `--shard I/N`: which traces each shard takes, checked against a naive model on every small case, and how
/// the value is read.
@Suite("Shard assignment", .tags(.fast))
struct ShardTests {
    /// The rule in its plainest words: position k belongs to shard (k mod N) + 1.
    private static func naiveShard(of position: Int, count: Int) -> Int {
        position % count + 1
    }

    @Test("Every list of up to 12 traces and every N up to 15: the shards are disjoint, together the whole list in order, and follow k mod N")
    func exhaustive() {
        for total in 0...12 {
            let list = (0..<total).map { "trace-\($0).xml" }
            for count in 1...15 {
                var taken: [Int] = []
                for index in 1...count {
                    let shard = Shard(index: index, count: count)
                    let part = shard.part(of: list)
                    #expect(part.map(\.position) == shard.positions(inListOf: total))
                    #expect(part.allSatisfy { list[$0.position] == $0.element })
                    #expect(part.allSatisfy { Self.naiveShard(of: $0.position, count: count) == index && shard.owns($0.position) })
                    #expect(part.map(\.position) == part.map(\.position).sorted())
                    // A shard of a list shorter than N takes one trace or none.
                    if count > total { #expect(part.count == (index <= total ? 1 : 0)) }
                    taken += part.map(\.position)
                }
                #expect(taken.sorted() == Array(0..<total), "\(total) traces, \(count) shards")
                #expect(Set(taken).count == taken.count, "\(total) traces, \(count) shards: a trace taken twice")
            }
        }
    }

    @Test("The same list gives the same shards every time, whatever else runs")
    func deterministic() {
        let list = (0..<50).map { "Traces/t\($0).xml" }
        let first = Shard(index: 2, count: 7).part(of: list).map(\.element)
        for _ in 0..<5 { #expect(Shard(index: 2, count: 7).part(of: list).map(\.element) == first) }
        #expect(first == ["Traces/t1.xml", "Traces/t8.xml", "Traces/t15.xml", "Traces/t22.xml", "Traces/t29.xml",
                          "Traces/t36.xml", "Traces/t43.xml"])
    }

    @Test("I/N is read when 1 ≤ I ≤ N", arguments: [("1/1", 1, 1), ("2/3", 2, 3), ("3/3", 3, 3), ("12/100", 12, 100)])
    func parses(text: String, index: Int, count: Int) throws {
        #expect(try Shard(parsing: text) == Shard(index: index, count: count))
    }

    @Test("Anything else is refused with the value quoted and the reason",
          arguments: [("0/3", "numbered from 1"), ("4/3", "no shard 4 of 3"), ("a/b", "whole numbers"),
                      ("3", "separated by '/'"), ("1/0", "one shard or more"), ("-1/3", "numbered from 1"),
                      ("1/3/5", "whole numbers"), ("", "separated by '/'")])
    func refuses(text: String, reason: String) {
        #expect {
            _ = try Shard(parsing: text)
        } throws: { error in
            let description = "\(error)"
            return description.contains("'\(text)'") && description.contains("I/N with 1 ≤ I ≤ N") && description.contains(reason)
        }
    }
}
