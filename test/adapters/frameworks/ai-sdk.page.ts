// The page of the AI SDK round trip: the demo's useChat app, streaming from the test's agent route.
import { mountAiSdkChat } from '../../../demo/frameworks/ai-sdk-chat.js';

mountAiSdkChat(document.querySelector('#app')!, '/api/chat');
