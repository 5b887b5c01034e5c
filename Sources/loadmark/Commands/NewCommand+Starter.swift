extension NewCommand {
  /// The starter scene: a ring spinner that is not one of the presets,
  /// written from docs/SCENE.md. Its frames are checked against values
  /// derived by hand in the CLI tests.
  static let starter = #"""
    {
      "format": "loadmark-scene",
      "version": 1,
      "name": "ring",
      "summary": "A ring that grows and shrinks while it turns.",
      "comment": [
        "A starter scene (docs/SCENE.md). JSON has no comments, so every object may",
        "carry a \"comment\": a string or an array of strings, which readers ignore."
      ],
      "size": [40, 40],
      "layers": [
        {
          "id": "ring",
          "comment": "A CAShapeLayer filling the canvas; it turns about its anchor point, the centre.",
          "class": "CAShapeLayer",
          "frame": [0, 0, 40, 40],
          "path": [
            {
              "comment": "addArcWithCenter:radius:startAngle:endAngle:clockwise:, a full circle from the top.",
              "arc": {"center": [20, 20], "radius": 16, "startAngle": "-90deg", "endAngle": "270deg", "clockwise": true}
            }
          ],
          "strokeColor": "#0a84ff",
          "fillColor": null,
          "lineWidth": 4,
          "lineCap": "round",
          "strokeEnd": 0.05,
          "roles": ["accent", "line"]
        }
      ],
      "animations": {
        "grow": {
          "comment": "CAKeyframeAnimation: strokeEnd from 5% to 80% of the circle and back, each half easing in and out.",
          "type": "keyframe",
          "keyPath": "strokeEnd",
          "values": [0.05, 0.8, 0.05],
          "keyTimes": [0, 0.5, 1],
          "timingFunctions": ["easeInEaseOut", "easeInEaseOut"],
          "duration": 1,
          "repeatCount": "infinity"
        },
        "turn": {
          "comment": "CABasicAnimation: one turn a second, at a steady rate (no timing function), forever.",
          "type": "basic",
          "keyPath": "transform.rotation",
          "from": 0,
          "to": "1turn",
          "duration": 1,
          "repeatCount": "infinity"
        }
      },
      "clips": [
        {
          "name": "spin",
          "summary": "Grows, shrinks and turns, once a second.",
          "duration": 1,
          "loop": true,
          "script": [
            {"at": 0, "layer": "ring", "add": "grow", "key": "grow"},
            {"at": 0, "layer": "ring", "add": "turn", "key": "turn"}
          ]
        },
        {
          "name": "progress",
          "summary": "The ring at the progress the host reports, from 5% to 80%.",
          "index": "progress",
          "script": [{"layer": "ring", "set": {"strokeEnd": "0.05 + 0.75 * p"}}]
        }
      ]
    }

    """#
}
