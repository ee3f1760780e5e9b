import Foundation
import Testing
import TestSupport
@testable import Reporting

/// Compare's page: a distribution per trace, and tables that hold the base and at most two other layouts each,
/// so that the page fits its window with any number of layouts.
@Suite("Compare's HTML page: the distribution and tables that fit", .tags(.fast))
struct ComparisonHTMLTests {
    static func page(layouts: Int) -> String {
        let reports = (0..<layouts).map { index in
            ComparisonFixtures.report("layout-\(index)", ComparisonFixtures.slow.map { $0 + Double(index) * 0.1 },
                                      counters: [.cellsCreated: 12 + index])
        }
        return ComparisonFormat.html.render([.success(Comparison(reports: reports))], asArray: false)
    }

    @Test("The layouts each table compares with the base: two at most, in order",
          arguments: [(2, [[1]]), (3, [[1, 2]]), (5, [[1, 2], [3, 4]]), (6, [[1, 2], [3, 4], [5]])])
    func tableColumns(layouts: Int, columns: [[Int]]) {
        #expect(ComparisonHTML.tableColumns(layouts) == columns)
    }

    @Test("With 2, 3 and 5 layouts: a step line per layout, timing and counter tables of at most six columns",
          arguments: [(2, 1), (3, 1), (5, 2)])
    func tables(layouts: Int, tables: Int) {
        let html = Self.page(layouts: layouts)
        #expect(HTMLScan.tags("<path class=\"cdf\"", in: html).count == layouts)
        #expect(HTMLScan.tags("<polyline class=\"frames\"", in: html).count == layouts)
        #expect(HTMLScan.count("<table class=\"timings\">", in: html) == tables)
        #expect(HTMLScan.count("<table class=\"counters\">", in: html) == tables)
        for table in html.components(separatedBy: "<table").dropFirst() {
            let header = table.components(separatedBy: "</tr>")[0]
            // The label, the base, and a value and a change for each of at most two layouts.
            #expect(HTMLScan.count("<th>", in: header) <= 6)
        }
        // Every compared layout has its change column exactly once among the timing tables.
        for index in 1..<layouts {
            #expect(HTMLScan.count("<th>layout-\(index)</th><th>change</th>", in: html) == 1)
        }
        #expect(!html.contains("<script"))
    }
}
