/// Every mapping of the scene format, as declared in this folder: what the JSON Schema
/// (`SceneSchema`) and the key tables of docs/scene-format.md are made from, and what the tests
/// walk to check that every key a decoder accepts is in both.
public enum SceneVocabulary {
    /// The mappings, in the order the docs list them. A new mapping is declared in its `…Keys`
    /// enum and listed here.
    public static let mappings: [KeyMapping] = [
        SceneKeys.mapping, DeviceKeys.mapping, ScreenKeys.mapping, ViewKeys.mapping,
    ] + ViewKeys.kinds.map(\.mapping) + [
        BorderKeys.mapping, GradientKeys.mapping, ShadowKeys.mapping, ControlKeys.segment,
        SectionKeys.mapping, RowKeys.mapping, CellKeys.mapping,
        NavigationBarKeys.mapping, BarItemKeys.mapping, BarActionKeys.mapping, TabBarKeys.mapping, TabItemKeys.mapping, TabsKeys.mapping, TabKeys.mapping,
        ToolbarKeys.mapping,
        TransitionKeys.mapping, TapTriggerKeys.mapping, TapTriggerKeys.cell,
        EntryKeys.mapping, ExpectDetentKeys.mapping, TapKeys.mapping, SwipeKeys.mapping, SnapshotKeys.mapping, SpringKeys.mapping,
        CustomStyleKeys.mapping, DirectionKeys.mapping, LayerKeys.mapping, MatchKeys.mapping, LayerShadowKeys.mapping,
        KeyframeKeys.mapping, GestureKeys.mapping, ProgressRuleKeys.mapping, FinishRuleKeys.mapping, FollowRuleKeys.mapping,
    ]

    /// The mapping named `name` (its schema definition).
    public static func mapping(named name: String) -> KeyMapping? {
        mappings.first { $0.name == name }
    }
}
