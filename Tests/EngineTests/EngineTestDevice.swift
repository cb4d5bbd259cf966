/// The device most engine tests' scenes start with: 400 × 800 pt at @1x, 60 fps, held 0.2 s
/// after the last event. A scene's text is this followed by its `screens:` and what comes after.
let engineTestDevice = """
    size: [400, 800]
    scale: 1
    fps: 60
    tail: 0.2

    """
