import { textModelContract } from '../../../test/contracts/llm-contract.ts';
import { createOfflineTextModel } from './offline/model.ts';
import { createPooledOfflineTextModel } from './offline/text-pool.ts';

// The offline model has no vendor that could fail: only the contract's normal and empty cases.
textModelContract('offline', () => createOfflineTextModel());
// The same model on worker threads, as the catalog serves it: same answers, same errors.
textModelContract('offline on worker threads', () => createPooledOfflineTextModel());
