import { textModelContract } from './contract.ts';
import { createOfflineTextModel } from './offline/model.ts';

// The offline model has no vendor that could fail: only the contract's normal and empty cases.
textModelContract('offline', () => createOfflineTextModel());
