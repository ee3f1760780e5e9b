extension Finding {
    /// ``message`` for a terminal: the code it names in plain words, without the Markdown backticks that the
    /// Markdown and HTML forms set in code type.
    var text: String {
        message.replacing("`", with: "")
    }
}

extension Finding {
    /// ``message`` for a page: escaped, the code it names between backticks set in `<code>`.
    var html: String {
        message.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            index % 2 == 1 ? "<code>\(HTMLText.escape(String(part)))</code>" : HTMLText.escape(String(part))
        }.joined()
    }
}
