/// The RELAX NG schema of the trace format, version 1 — the same text as `Traces/trace.rng` (a test
/// keeps the two identical; `RECORD_SNAPSHOTS=1 swift test` rewrites the file from this one).
///
/// Embedded so that validation needs no resource bundle and no file beside the binary.
public enum TraceSchema {
    /// The schema's text.
    public static let relaxNG: String = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!--
  RELAX NG schema of Reel's trace format, version 1.

  It checks structure, syntax and the range of every single number (TraceLimits, with minInclusive and
  maxInclusive). TraceXML's reader checks the rest, which RELAX NG cannot express: event times that
  never decrease, one item size per item, the range of each number inside a size, an inset or a list,
  subnormal numbers, and the machine limits (items and sections in all, attributes per element).
  `reel validate` applies both. Keep this file in step with the format's declaration,
  Sources/TraceXML/Format/TraceFormat.swift (a test compares them element by element), with
  Sources/TraceXML/Validation/TraceSchema.swift (a test keeps them identical) and with the DocC article
  "The Trace Format".
-->
<grammar xmlns="http://relaxng.org/ns/structure/1.0"
         datatypeLibrary="http://www.w3.org/2001/XMLSchema-datatypes">
  <start>
    <element name="trace">
      <attribute name="version"><value>1</value></attribute>
      <optional><ref name="meta"/></optional>
      <ref name="collection-view"/>
      <optional><ref name="frame-intervals"/></optional>
      <ref name="layout"/>
      <ref name="data"/>
      <optional><ref name="workload"/></optional>
      <element name="events">
        <zeroOrMore><ref name="event"/></zeroOrMore>
      </element>
    </element>
  </start>

  <!-- Value syntax. -->
  <define name="non-negative">
    <data type="string"><param name="pattern">[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param></data>
  </define>
  <define name="count-list">
    <data type="string"><param name="pattern">([0-9]{1,18}( +[0-9]{1,18})*)?</param></data>
  </define>
  <define name="index-path">
    <data type="string"><param name="pattern">[0-9]{1,18} +[0-9]{1,18}</param></data>
  </define>
  <define name="size">
    <data type="string"><param name="pattern">[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)? +[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param></data>
  </define>
  <define name="size-list">
    <!-- "W H, W H, …"; "W H*K" is K items of one size (a run). -->
    <data type="string"><param name="pattern">([0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)? +[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?(\*[0-9]{1,8})?(, ?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)? +[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?(\*[0-9]{1,8})?)*)?</param></data>
  </define>
  <define name="interval-list">
    <!-- "MS MS …", each a frame's interval in milliseconds; "MS*K" is K frames of one interval (a run).
         Each interval is from 1 to 10,000 ms (TraceLimits.frameInterval), which the reader checks. -->
    <data type="string"><param name="pattern">[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?(\*[0-9]{1,8})?( +[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?(\*[0-9]{1,8})?)*</param></data>
  </define>
  <define name="insets">
    <data type="string"><param name="pattern">-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?( +-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?){3}</param></data>
  </define>
  <define name="nonnegative-insets">
    <!-- "T L B R", none negative; each from 0 to 100,000 points (TraceLimits.sectionInset); also the safe area and the layout margins. -->
    <data type="string"><param name="pattern">[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?( +[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?){3}</param></data>
  </define>
  <!-- Ranges (TraceLimits). -->
  <define name="refresh-rate">
    <data type="double">
      <param name="pattern">-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param>
      <param name="minInclusive">1</param>
      <param name="maxInclusive">240</param>
    </data>
  </define>
  <define name="seconds">
    <data type="double">
      <param name="pattern">-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param>
      <param name="minInclusive">0</param>
      <param name="maxInclusive">86400</param>
    </data>
  </define>
  <define name="duration">
    <data type="double">
      <param name="pattern">-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param>
      <param name="minInclusive">0</param>
      <param name="maxInclusive">60</param>
    </data>
  </define>
  <define name="spacing">
    <data type="double">
      <param name="pattern">-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param>
      <param name="minInclusive">0</param>
      <param name="maxInclusive">100000</param>
    </data>
  </define>
  <define name="view-length">
    <data type="double">
      <param name="pattern">-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param>
      <param name="minInclusive">1</param>
      <param name="maxInclusive">100000</param>
    </data>
  </define>
  <define name="coordinate">
    <data type="double">
      <param name="pattern">-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param>
      <param name="minInclusive">-1e10</param>
      <param name="maxInclusive">1e10</param>
    </data>
  </define>
  <define name="velocity">
    <data type="double">
      <param name="pattern">-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param>
      <param name="minInclusive">-1000000</param>
      <param name="maxInclusive">1000000</param>
    </data>
  </define>
  <define name="scale">
    <data type="double">
      <param name="pattern">-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param>
      <param name="minInclusive">0.001</param>
      <param name="maxInclusive">1000</param>
    </data>
  </define>
  <define name="progress">
    <data type="double">
      <param name="pattern">-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param>
      <param name="minInclusive">-1</param>
      <param name="maxInclusive">2</param>
    </data>
  </define>
  <define name="cost">
    <data type="double">
      <param name="pattern">-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param>
      <param name="minInclusive">0</param>
      <param name="maxInclusive">1000</param>
    </data>
  </define>
  <define name="size-delta">
    <data type="double">
      <param name="pattern">-?[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param>
      <param name="minInclusive">-100000</param>
      <param name="maxInclusive">100000</param>
    </data>
  </define>
  <define name="item-count">
    <data type="integer">
      <param name="pattern">[0-9]{1,18}</param>
      <param name="maxInclusive">10000000</param>
    </data>
  </define>
  <define name="items">
    <!-- A count, or identifiers: runs PREFIXa…PREFIXb and single identifiers, separated by white space (one
         token that is not a number, or several). -->
    <choice>
      <data type="integer">
        <param name="pattern">[0-9]{1,18}</param>
        <param name="maxInclusive">10000000</param>
      </data>
      <data type="token">
        <param name="pattern">\S*[^\s0-9]\S*(\s+\S+)*|\S+(\s+\S+)+</param>
      </data>
    </choice>
  </define>
  <define name="item-index">
    <data type="integer">
      <param name="pattern">[0-9]{1,18}</param>
      <param name="maxInclusive">9999999</param>
    </data>
  </define>
  <define name="section-index">
    <data type="integer">
      <param name="pattern">[0-9]{1,18}</param>
      <param name="maxInclusive">99999</param>
    </data>
  </define>
  <define name="boolean">
    <choice><value>true</value><value>false</value></choice>
  </define>
  <define name="phase">
    <attribute name="phase">
      <choice><value>began</value><value>changed</value><value>ended</value><value>cancelled</value></choice>
    </attribute>
  </define>
  <define name="time">
    <attribute name="t"><ref name="seconds"/></attribute>
  </define>
  <define name="point">
    <attribute name="x"><ref name="coordinate"/></attribute>
    <attribute name="y"><ref name="coordinate"/></attribute>
  </define>
  <define name="item">
    <attribute name="section"><ref name="section-index"/></attribute>
    <attribute name="item"><ref name="item-index"/></attribute>
  </define>

  <!-- Header. -->
  <define name="meta">
    <element name="meta">
      <ref name="anything"/>
    </element>
  </define>
  <define name="anything">
    <zeroOrMore>
      <choice>
        <attribute><anyName/></attribute>
        <text/>
        <element><anyName/><ref name="anything"/></element>
      </choice>
    </zeroOrMore>
  </define>
  <define name="collection-view">
    <element name="collection-view">
      <attribute name="width"><ref name="view-length"/></attribute>
      <attribute name="height"><ref name="view-length"/></attribute>
      <optional><attribute name="refresh-rate"><ref name="refresh-rate"/></attribute></optional>
      <optional><attribute name="content-inset"><ref name="insets"/></attribute></optional>
      <optional><attribute name="paging"><ref name="boolean"/></attribute></optional>
      <optional>
        <attribute name="deceleration-rate">
          <choice>
            <value>normal</value><value>fast</value>
            <data type="double">
              <param name="pattern">[0-9]+(\.[0-9]+)?([eE][+\-]?[0-9]+)?</param>
              <param name="minInclusive">0.001</param>
              <param name="maxInclusive">0.999</param>
            </data>
          </choice>
        </attribute>
      </optional>
      <optional><attribute name="allows-selection"><ref name="boolean"/></attribute></optional>
      <optional><attribute name="allows-multiple-selection"><ref name="boolean"/></attribute></optional>
      <optional><attribute name="prefetching"><ref name="boolean"/></attribute></optional>
      <optional><attribute name="safe-area"><ref name="nonnegative-insets"/></attribute></optional>
      <optional><attribute name="layout-margins"><ref name="nonnegative-insets"/></attribute></optional>
      <optional><attribute name="scale"><choice><value>1</value><value>2</value><value>3</value></choice></attribute></optional>
      <optional><attribute name="layout-direction"><choice><value>ltr</value><value>rtl</value></choice></attribute></optional>
      <!-- The iOS version the session ran on (17 by default): a non-animated <apply> diffs from 15 on. -->
      <optional>
        <attribute name="ios">
          <choice>
            <value>13</value><value>14</value><value>15</value><value>16</value><value>17</value><value>18</value>
            <value>19</value><value>20</value><value>21</value><value>22</value><value>23</value><value>24</value>
            <value>25</value><value>26</value>
          </choice>
        </attribute>
      </optional>
      <optional><attribute name="bounces"><ref name="boolean"/></attribute></optional>
      <optional><attribute name="always-bounce-vertical"><ref name="boolean"/></attribute></optional>
      <optional><attribute name="always-bounce-horizontal"><ref name="boolean"/></attribute></optional>
      <empty/>
    </element>
  </define>
  <define name="frame-intervals">
    <!-- Every frame's own interval; frames past the list repeat its last interval. -->
    <element name="frame-intervals">
      <attribute name="ms"><ref name="interval-list"/></attribute>
      <empty/>
    </element>
  </define>
  <define name="layout">
    <!-- `name` picks the layout from the catalogue; every other attribute is one of its parameters. -->
    <element name="layout">
      <attribute name="name"><data type="string"><param name="minLength">1</param></data></attribute>
      <zeroOrMore>
        <attribute>
          <nsName ns=""><except><name>name</name></except></nsName>
          <text/>
        </attribute>
      </zeroOrMore>
      <!-- A layout described as a tree (`compositional`) holds its elements; the layout checks their attributes. -->
      <zeroOrMore><ref name="layout-element"/></zeroOrMore>
    </element>
  </define>
  <define name="layout-element">
    <element>
      <choice>
        <name>section</name><name>group</name><name>item</name><name>frame</name><name>boundary</name><name>decoration</name>
      </choice>
      <zeroOrMore>
        <attribute><nsName ns=""/><text/></attribute>
      </zeroOrMore>
      <zeroOrMore><ref name="layout-element"/></zeroOrMore>
    </element>
  </define>
  <define name="data">
    <element name="data">
      <zeroOrMore><ref name="section"/></zeroOrMore>
    </element>
  </define>
  <define name="section">
    <element name="section">
      <!-- An item count, or the items' identifiers (`m0…m499 x7`) for a diffable data source. -->
      <attribute name="items"><ref name="items"/></attribute>
      <optional><attribute name="id"><data type="string"><param name="minLength">1</param></data></attribute></optional>
      <optional><attribute name="reuse-identifier"/></optional>
      <!-- The section's own flow metrics, answered through the flow delegate's per-section methods. -->
      <optional><attribute name="inset"><ref name="nonnegative-insets"/></attribute></optional>
      <optional><attribute name="minimum-line-spacing"><ref name="spacing"/></attribute></optional>
      <optional><attribute name="minimum-interitem-spacing"><ref name="spacing"/></attribute></optional>
      <optional><attribute name="header-size"><ref name="size"/></attribute></optional>
      <optional><attribute name="footer-size"><ref name="size"/></attribute></optional>
      <!-- Self-sizing cells that never settle: these items' measured sizes alternate by the delta. -->
      <optional><attribute name="unstable-items"><ref name="count-list"/></attribute></optional>
      <optional><attribute name="unstable-delta"><ref name="size-delta"/></attribute></optional>
      <choice>
        <group>
          <optional><attribute name="item-sizes"><ref name="size-list"/></attribute></optional>
          <empty/>
        </group>
        <!-- The scalable form: the sizes in chunks of at most 65,536 entries (a run is one entry),
             concatenated in order. -->
        <oneOrMore>
          <element name="item-sizes"><ref name="size-list"/></element>
        </oneOrMore>
      </choice>
    </element>
  </define>
  <define name="workload">
    <element name="workload">
      <zeroOrMore>
        <choice>
          <element name="cell">
            <attribute name="reuse-identifier"/>
            <ref name="costs"/>
          </element>
          <element name="supplementary">
            <attribute name="kind"/>
            <ref name="costs"/>
          </element>
          <!-- What diffing an applied snapshot costs per item of the new snapshot, in milliseconds. -->
          <element name="diffable">
            <optional><attribute name="per-item"><ref name="cost"/></attribute></optional>
            <empty/>
          </element>
          <!-- What a compositional section's visible-items handler costs per visible item, in milliseconds. -->
          <element name="visible-items-handler">
            <optional><attribute name="per-item"><ref name="cost"/></attribute></optional>
            <empty/>
          </element>
        </choice>
      </zeroOrMore>
    </element>
  </define>
  <define name="costs">
    <optional><attribute name="create"><ref name="cost"/></attribute></optional>
    <optional><attribute name="configure"><ref name="cost"/></attribute></optional>
    <optional><attribute name="prepare-for-reuse"><ref name="cost"/></attribute></optional>
    <optional><attribute name="measure"><ref name="cost"/></attribute></optional>
    <empty/>
  </define>

  <!-- Events. -->
  <define name="event">
    <choice>
      <element name="scroll"><ref name="time"/><ref name="point"/><empty/></element>
      <!-- The offset of a section that scrolls on its own (an orthogonal compositional section). -->
      <element name="orthogonal-scroll">
        <ref name="time"/><attribute name="section"><ref name="section-index"/></attribute><ref name="point"/><empty/>
      </element>
      <element name="drag">
        <ref name="time"/><ref name="phase"/><ref name="point"/>
        <optional>
          <attribute name="velocity-x"><ref name="velocity"/></attribute>
          <attribute name="velocity-y"><ref name="velocity"/></attribute>
        </optional>
        <empty/>
      </element>
      <element name="tap"><ref name="time"/><ref name="point"/><empty/></element>
      <element name="long-press"><ref name="time"/><ref name="phase"/><ref name="point"/><empty/></element>
      <element name="menu">
        <ref name="time"/><ref name="item"/><attribute name="action"/><empty/>
      </element>
      <element name="pinch">
        <ref name="time"/><ref name="phase"/><ref name="point"/>
        <attribute name="scale"><ref name="scale"/></attribute>
        <empty/>
      </element>
      <ref name="batch"/>
      <element name="reload-data">
        <ref name="time"/>
        <zeroOrMore><ref name="section"/></zeroOrMore>
      </element>
      <!-- A diffable data source applies a new snapshot: its sections with their identifiers. -->
      <element name="apply">
        <ref name="time"/>
        <optional><attribute name="animated"><ref name="boolean"/></attribute></optional>
        <optional><attribute name="reload-data"><ref name="boolean"/></attribute></optional>
        <optional><attribute name="reconfigure"/></optional>
        <optional><attribute name="reload"/></optional>
        <zeroOrMore><ref name="section"/></zeroOrMore>
      </element>
      <element name="scroll-to-item">
        <ref name="time"/><ref name="item"/>
        <optional>
          <attribute name="position">
            <choice>
              <value>top</value><value>center</value><value>bottom</value>
              <value>left</value><value>right</value><value>nearest</value>
            </choice>
          </attribute>
        </optional>
        <optional><attribute name="animated"><ref name="boolean"/></attribute></optional>
        <empty/>
      </element>
      <element name="select"><ref name="time"/><ref name="item"/><empty/></element>
      <element name="deselect"><ref name="time"/><ref name="item"/><empty/></element>
      <element name="set-layout">
        <ref name="time"/>
        <optional><attribute name="animated"><ref name="boolean"/></attribute></optional>
        <optional><attribute name="duration"><ref name="duration"/></attribute></optional>
        <ref name="layout"/>
      </element>
      <element name="transition">
        <ref name="time"/>
        <choice>
          <group>
            <attribute name="phase"><value>began</value></attribute>
            <ref name="layout"/>
          </group>
          <group>
            <attribute name="phase"><value>changed</value></attribute>
            <attribute name="progress"><ref name="progress"/></attribute>
            <empty/>
          </group>
          <group>
            <attribute name="phase"><choice><value>finished</value><value>cancelled</value></choice></attribute>
            <empty/>
          </group>
        </choice>
      </element>
      <element name="resize">
        <ref name="time"/>
        <attribute name="width"><ref name="view-length"/></attribute>
        <attribute name="height"><ref name="view-length"/></attribute>
        <empty/>
      </element>
      <element name="marker"><ref name="time"/><attribute name="label"/><empty/></element>
    </choice>
  </define>
  <define name="batch">
    <element name="batch">
      <ref name="time"/>
      <optional><attribute name="animated"><ref name="boolean"/></attribute></optional>
      <optional><attribute name="duration"><ref name="duration"/></attribute></optional>
      <optional><attribute name="counts-after"><ref name="count-list"/></attribute></optional>
      <zeroOrMore>
        <choice>
          <element name="delete-items">
            <attribute name="section"><ref name="section-index"/></attribute>
            <attribute name="at"><ref name="count-list"/></attribute>
            <empty/>
          </element>
          <element name="reload-items">
            <attribute name="section"><ref name="section-index"/></attribute>
            <attribute name="at"><ref name="count-list"/></attribute>
            <empty/>
          </element>
          <element name="move-item">
            <attribute name="from"><ref name="index-path"/></attribute>
            <attribute name="to"><ref name="index-path"/></attribute>
            <empty/>
          </element>
          <element name="insert-items">
            <attribute name="section"><ref name="section-index"/></attribute>
            <attribute name="at"><ref name="count-list"/></attribute>
            <optional><attribute name="sizes"><ref name="size-list"/></attribute></optional>
            <empty/>
          </element>
          <element name="insert-section">
            <attribute name="at"><ref name="section-index"/></attribute>
            <attribute name="items"><ref name="item-count"/></attribute>
            <empty/>
          </element>
          <element name="delete-section">
            <attribute name="at"><ref name="section-index"/></attribute>
            <empty/>
          </element>
          <element name="reload-section">
            <attribute name="at"><ref name="section-index"/></attribute>
            <attribute name="items"><ref name="item-count"/></attribute>
            <empty/>
          </element>
          <element name="move-section">
            <attribute name="from"><ref name="section-index"/></attribute>
            <attribute name="to"><ref name="section-index"/></attribute>
            <empty/>
          </element>
        </choice>
      </zeroOrMore>
    </element>
  </define>
</grammar>
"""#
}
