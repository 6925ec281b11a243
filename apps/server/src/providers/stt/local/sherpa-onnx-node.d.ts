/**
 * Types of the part of `sherpa-onnx-node` 1.13.8 the local engine uses (the package ships
 * JavaScript with JSDoc only). Shapes from the package's types.js and non-streaming-asr.js,
 * speaker-identification.js. Samples are mono floats in [-1, 1]; times in seconds.
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
}
