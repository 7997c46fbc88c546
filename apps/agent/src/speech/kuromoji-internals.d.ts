// Types of the two kuromoji classes japanese-dictionary.ts builds the tokenizer from (the package's
// own types describe only its builder).
declare module 'kuromoji/src/dict/DynamicDictionaries.js' {
  export default class DynamicDictionaries {
    loadTrie(base: Int32Array, check: Int32Array): this;
    loadTokenInfoDictionaries(tokenInfo: Uint8Array, pos: Uint8Array, targetMap: Uint8Array): this;
    loadConnectionCosts(costs: Int16Array): this;
    loadUnknownDictionaries(
      unknown: Uint8Array,
      unknownPos: Uint8Array,
      unknownMap: Uint8Array,
      characterMap: Uint8Array,
      compatibleCharacterMap: Uint32Array,
      invokeDefinition: Uint8Array,
    ): this;
  }
}

declare module 'kuromoji/src/Tokenizer.js' {
  import type DynamicDictionaries from 'kuromoji/src/dict/DynamicDictionaries.js';
  export default class Tokenizer {
    constructor(dictionaries: DynamicDictionaries);
    tokenize(text: string): import('kuromoji').IpadicFeatures[];
  }
}
