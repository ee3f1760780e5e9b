extension Comparison {
    /// Reads a `reel-comparison` object back: each layout's report from `layout_reports[i].report`, the rounds
    /// and α, from which the comparison is computed again (``init(reports:rounds:alpha:)``).
    ///
    /// The statistics are computed from the per-repeat values as the reports wrote them, to the microsecond, so
    /// a median, an interval or a p-value may differ from the one the comparison first printed in its last
    /// digits when rounding made two values equal; counters, layouts, rounds and findings are the same.
    /// - Throws: `DecodingError` naming the key that is missing or wrong; a comparison written before Reel kept
    ///   each layout's report cannot be read back.
    init(_ fields: KeyedDecodingContainer<JSONKey>) throws {
        var entries = try fields.nestedUnkeyedContainer(forKey: JSONKey("layout_reports"))
        var reports: [Report] = []
        while !entries.isAtEnd {
            let entry = try entries.nestedContainer(keyedBy: JSONKey.self)
            guard entry.contains(JSONKey("report")) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: entry.codingPath + [JSONKey("report")],
                    debugDescription: "missing: the comparison was written by a Reel that did not keep each layout's "
                        + "report; compare again"))
            }
            reports.append(try entry.decode(Report.self, forKey: JSONKey("report")))
        }
        guard !reports.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: JSONKey("layout_reports"), in: fields,
                                                   debugDescription: "expected one layout or more, found none")
        }
        self.init(reports: reports, rounds: try fields.array("rounds"), alpha: try fields.double("alpha"))
    }
}
