// The engine's frames are render trees: whoever evaluates a timeline reads its nodes.
@_exported import RenderTree
