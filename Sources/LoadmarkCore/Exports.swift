// LoadmarkCore is the top of the core's layers: every target that imports
// it sees the layers below too, as when they were one module.
@_exported import LoadmarkEngine
@_exported import LoadmarkFrames
@_exported import LoadmarkText
