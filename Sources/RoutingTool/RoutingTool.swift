/// The tool.
public enum RoutingTool {}
