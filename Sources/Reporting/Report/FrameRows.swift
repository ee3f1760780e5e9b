extension Report {
    /// Every frame of every measured repeat as reports print it (``Report/frameSamples``), in order: rows
    /// given as an array (a decoded report), or read from the repeats' ``FrameLog``s as they are asked for,
    /// so that a report of a long replay holds no copy of its frames.
    public struct FrameRows: Sendable {
        private enum Storage: Sendable {
            case rows([FrameRow])
            /// The repeats' logs and, for each, the position of its first row.
            case logs([FrameLog], starts: [Int])
        }

        private let storage: Storage

        /// The rows `rows`, as given.
        public init(_ rows: [FrameRow]) {
            storage = .rows(rows)
        }

        /// The frames of `logs`, one log per measured repeat in order.
        public init(logs: [FrameLog]) {
            var starts: [Int] = []
            var total = 0
            for log in logs {
                starts.append(total)
                total += log.count
            }
            storage = .logs(logs, starts: starts + [total])
        }

        /// The repeats' logs, when the rows are read from them.
        var logs: [FrameLog]? {
            if case .logs(let logs, _) = storage { return logs }
            return nil
        }
    }
}

extension Report.FrameRows: RandomAccessCollection {
    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .rows(let rows): rows.count
        case .logs(_, let starts): starts.last ?? 0
        }
    }

    public subscript(position: Int) -> Report.FrameRow {
        switch storage {
        case .rows(let rows):
            return rows[position]
        case .logs(let logs, let starts):
            precondition(position >= 0 && position < (starts.last ?? 0), "a frame row past the end")
            // The repeat holding the row: the last whose first row is at or before it.
            var low = 0
            var high = logs.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= position { low = middle } else { high = middle - 1 }
            }
            return Report.FrameRow(logs[low][position - starts[low]], repeatIndex: low)
        }
    }
}

extension Report.FrameRows: Equatable {
    /// Rows are equal when they hold the same rows, however kept.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.elementsEqual(rhs)
    }
}

extension Report.FrameRows: ExpressibleByArrayLiteral {
    public init(arrayLiteral rows: Report.FrameRow...) {
        self.init(rows)
    }
}
