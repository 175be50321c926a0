/// The sample app.
public enum SampleApp {}
