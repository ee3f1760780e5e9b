/// The value of a custom field of a ``LayoutAttributes`` subclass, as snapshots show it
/// (``LayoutAttributes/customAttributes``): a flag, a number or a word.
public enum CustomAttributeValue: Hashable, Sendable {
    case bool(Bool)
    case number(Double)
    case string(String)
}
