/**
 * Types of the part of `sherpa-onnx-node` 1.13.8 the local engine uses (the package ships
 * JavaScript with JSDoc only). Shapes from the package's types.js and non-streaming-asr.js,
 * speaker-identification.js, non-streaming-speaker-diarization.js, vad.js. Samples are mono floats in
 * [-1, 1]; times in seconds.
 */
declare module 'sherpa-onnx-node' {
  export interface Waveform {
    samples: Float32Array;
    sampleRate: number;
  }

  export interface OfflineModelConfig {
    transducer?: { encoder: string; decoder: string; joiner: string };
    nemoCtc?: { model: string };
    whisper?: {
      encoder: string;
      decoder: string;
      language?: string;
      task?: string;
      tailPaddings?: number;
    };
    moonshine?: {
      preprocessor: string;
      encoder: string;
      uncachedDecoder: string;
      cachedDecoder: string;
    };
    senseVoice?: { model: string; language?: string; useInverseTextNormalization?: number };
    tokens: string;
    numThreads?: number;
    debug?: boolean | number;
    provider?: string;
    modelType?: string;
  }

  export interface OfflineRecognizerConfig {
    featConfig?: { sampleRate?: number; featureDim?: number };
    modelConfig: OfflineModelConfig;
    decodingMethod?: string;
  }

  /** What `getResult` answers: the text and, per token, its text and start time (s). */
  export interface OfflineRecognizerResult {
    text: string;
    tokens: string[];
    timestamps: number[];
    /** Token durations (s), from TDT models; empty otherwise. */
    durations?: number[];
    lang?: string;
  }

  export class OfflineStream {
    acceptWaveform(wave: Waveform): void;
  }

  export class OfflineRecognizer {
    constructor(config: OfflineRecognizerConfig);
    createStream(): OfflineStream;
    decode(stream: OfflineStream): void;
    getResult(stream: OfflineStream): OfflineRecognizerResult;
  }

  export class OnlineStream {
    acceptWaveform(wave: Waveform): void;
    inputFinished(): void;
  }

  export interface SpeakerEmbeddingExtractorConfig {
    model: string;
    numThreads?: number;
    debug?: boolean | number;
    provider?: string;
  }

  export class SpeakerEmbeddingExtractor {
    constructor(config: SpeakerEmbeddingExtractorConfig);
    readonly dim: number;
    createStream(): OnlineStream;
    isReady(stream: OnlineStream): boolean;
    compute(stream: OnlineStream, enableExternalBuffer?: boolean): Float32Array;
  }

  /**
   * Clustering of the speaker embeddings in diarization: `numClusters` > 0 makes exactly that
   * many clusters and ignores `threshold`; -1 cuts the complete-linkage dendrogram at
   * `threshold` (cosine distance; sherpa-onnx's default 0.5, larger gives fewer speakers).
   */
  export interface FastClusteringConfig {
    numClusters?: number;
    threshold?: number;
  }

  export interface OfflineSpeakerDiarizationConfig {
    /** The pyannote segmentation model (`model.onnx`) and how to run it. */
    segmentation: {
      pyannote: { model: string };
      numThreads?: number;
      debug?: boolean | number;
      provider?: string;
    };
    embedding: SpeakerEmbeddingExtractorConfig;
    clustering?: FastClusteringConfig;
    /** Segments shorter than this are dropped (s); 0 or absent: 0.3. */
    minDurationOn?: number;
    /** Gaps shorter than this within one speaker are closed (s); 0 or absent: 0.5. */
    minDurationOff?: number;
  }

  /** One speaker's stretch (s); `speaker` 0-based; segments of different speakers may overlap. */
  export interface SpeakerDiarizationSegment {
    start: number;
    end: number;
    speaker: number;
  }

  /**
   * Throws 'Please check your config!' when a model file is missing or a setting invalid; a
   * corrupt model aborts the process (onnxruntime's exception escapes).
   */
  export class OfflineSpeakerDiarization {
    constructor(config: OfflineSpeakerDiarizationConfig);
    /** The rate (Hz) `process` expects, from the segmentation model's metadata. */
    readonly sampleRate: number;
    /** Segments sorted by start time. */
    process(samples: Float32Array): SpeakerDiarizationSegment[];
    /** Replaces the clustering for the next `process` (an invalid one is ignored). */
    setConfig(config: { clustering: FastClusteringConfig }): void;
  }

  /**
   * The silero voice activity model and its tuning (sherpa-onnx's defaults: threshold 0.5,
   * minSilenceDuration 0.5 s, minSpeechDuration 0.25 s, windowSize 512 samples, maxSpeechDuration
   * 20 s).
   */
  export interface SileroVadModelConfig {
    model: string;
    threshold?: number;
    minSilenceDuration?: number;
    minSpeechDuration?: number;
    windowSize?: number;
    maxSpeechDuration?: number;
  }

  export interface VadConfig {
    sileroVad: SileroVadModelConfig;
    sampleRate?: number;
    numThreads?: number;
    provider?: string;
    debug?: boolean | number;
  }

  /** A finished stretch of speech: `start` in samples from the stream's start. */
  export interface SpeechSegment {
    start: number;
    samples: Float32Array;
  }

  /**
   * Voice activity detection over a stream. Any graph other than silero v4/v5 ends the process
   * (sherpa-onnx exits on the unexpected input names), so the model is checked first.
   */
  export class Vad {
    constructor(config: VadConfig, bufferSizeInSeconds: number);
    acceptWaveform(samples: Float32Array): void;
    isEmpty(): boolean;
    isDetected(): boolean;
    pop(): void;
    /** The oldest finished segment; `enableExternalBuffer` false copies its samples. */
    front(enableExternalBuffer?: boolean): SpeechSegment;
    clear(): void;
    reset(): void;
    /** Ends the stream: speech still open becomes a segment. */
    flush(): void;
  }
}
