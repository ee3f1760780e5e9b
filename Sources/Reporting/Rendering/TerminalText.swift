/// Text for a terminal of a given width: columns counted as Unicode scalars (every character Reel prints,
/// `·`, `…`, `▁`…`█` included, takes one column), prose wrapped at word boundaries, long names shortened in
/// the middle, and ANSI colours that never count as columns.
public enum TerminalText {
    /// The width Reel's reports are laid out for when the terminal's is unknown.
    public static let reportWidth = 80

    /// The narrowest width reports are laid out for: a narrower one is taken as this.
    public static let narrowestWidth = 40

    /// The columns `text` takes on a terminal: its Unicode scalars, ANSI escapes excluded.
    package static func columns(_ text: some StringProtocol) -> Int {
        var count = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                // A CSI sequence ends with a letter.
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                count += 1
            }
        }
        return count
    }

    /// `text` in at most `width` columns: itself when it fits, else its start and end around `…`, keeping
    /// more of the end (a path's file name). Widths under 1 give an empty string.
    ///
    /// `Traces/a-very/long/folder/photo-grid-browse.xml` in 30 columns: `Traces/a-ver…oto-grid-browse.xml`.
    package static func middleShortened(_ text: String, to width: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > width else { return text }
        guard width > 1 else { return width == 1 ? "…" : "" }
        let kept = width - 1
        var tail = kept - kept / 3
        // Keep a path's whole file name when it fits in the tail's share and more.
        if let slash = scalars.lastIndex(of: "/") {
            let name = scalars.count - slash
            if name <= kept - 4 { tail = max(tail, name) }
        }
        let head = kept - tail
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[..<head])
        result.append("…")
        result.append(contentsOf: scalars[(scalars.count - tail)...])
        return String(result)
    }

    /// `text` in at most `width` columns, its end replaced by `…` when it is longer.
    package static func truncated(_ text: String, to width: Int) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > width else { return text }
        guard width > 0 else { return "" }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[..<(width - 1)])
        result.append("…")
        return String(result)
    }

    /// `text` wrapped at spaces into lines of at most `width` columns: the first line starts with `first`,
    /// the others with `hanging`. A word longer than a line is cut (a path, a long number), never left to
    /// overflow.
    package static func wrapped(_ text: String, width: Int = reportWidth, first: String = "",
                                hanging: String = "") -> [String] {
        var lines: [String] = []
        var line = first
        var lineColumns = columns(first)
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = String(word)
            let wordColumns = columns(word)
            if lineHasWord && lineColumns + 1 + wordColumns <= width {
                line += " " + word
                lineColumns += 1 + wordColumns
                continue
            }
            if lineHasWord {
                lines.append(line)
                line = hanging
                lineColumns = columns(hanging)
            }
            // A word wider than a whole line is cut into pieces that fill lines.
            var room = max(1, width - lineColumns)
            while columns(word) > room {
                let scalars = Array(word.unicodeScalars)
                line += String(String.UnicodeScalarView(scalars[..<room]))
                lines.append(line)
                word = String(String.UnicodeScalarView(scalars[room...]))
                line = hanging
                lineColumns = columns(hanging)
                room = max(1, width - lineColumns)
            }
            line += word
            lineColumns += columns(word)
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// ANSI colours for a terminal (SGR escapes).
    package enum Colour: String, Sendable {
        case green = "32"
        case yellow = "33"
        case red = "31"
        case dim = "2"
    }

    /// `text` in `colour` when `enabled`, else unchanged.
    package static func coloured(_ text: String, _ colour: Colour, _ enabled: Bool) -> String {
        guard enabled, !text.isEmpty else { return text }
        return "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m"
    }
}
