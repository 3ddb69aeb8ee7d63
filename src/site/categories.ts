import type { GlossaryCategory } from '../content/schemas.ts';

export const CATEGORY_INFO: Record<GlossaryCategory, { label: string; summary: string }> = {
  'ai-models': { label: 'AI models', summary: 'Model architectures and how models produce output.' },
  'ai-training': { label: 'AI training', summary: 'How models are trained, adapted and compressed.' },
  'ai-retrieval': { label: 'AI retrieval', summary: 'Search, embeddings and grounding models in documents.' },
  'ai-agents': { label: 'AI agents', summary: 'Prompting, tool use and agents.' },
  'ai-safety': { label: 'AI safety and evaluation', summary: 'Evaluation, failure modes, alignment and security.' },
  'web3-foundations': { label: 'Web3 foundations', summary: 'Blockchains, consensus, cryptography and contracts.' },
  'web3-scaling': { label: 'Web3 scaling', summary: 'Layer 2s, rollups, zero-knowledge proofs and bridges.' },
  'web3-finance': { label: 'Web3 finance', summary: 'DeFi, stablecoins, tokens and markets.' },
  'web3-governance': { label: 'Web3 governance', summary: 'DAOs, voting, identity and incentives.' },
};
