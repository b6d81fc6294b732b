import './app/mantine-styles';
import { createRoot } from 'react-dom/client';
import { startConsole } from './app/start';

const element = document.getElementById('root');
if (!element) throw new Error('index.html has no #root element');
const root = createRoot(element);
void startConsole(root);
